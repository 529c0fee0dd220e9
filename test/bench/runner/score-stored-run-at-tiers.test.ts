import { afterAll, describe, expect, it } from 'vitest';
import { scoreStoredRun, scoreStoredRunAtTiers } from '../../../src/bench/runner/index.js';
import { hostileRuns } from '../../report/report-fixture.js';

const { store, runIds } = await hostileRuns();
afterAll(() => store.close());

describe('scoreStoredRunAtTiers', () => {
  it('gives at each tier what scoreStoredRun gives, from one reading of the run or from records passed in', () => {
    // Only qualification depends on the tier: the oracle misses each one for its ratio alone (checked below).
    for (const runId of runIds) {
      const byTier = scoreStoredRunAtTiers(store, runId, ['2x', '8x', 'run']);
      const fromRecords = scoreStoredRunAtTiers(store, runId, ['2x', '8x'], store.readCases(runId));
      for (const tier of ['2x', '8x'] as const) {
        expect(byTier[tier]).toEqual(scoreStoredRun(store, runId, { tier }));
        expect(fromRecords[tier]).toEqual(byTier[tier]);
      }
      expect(byTier.run).toEqual(scoreStoredRun(store, runId));
    }
    const oracle = scoreStoredRunAtTiers(store, runIds[0]!, ['2x', '8x']);
    expect(oracle['2x'].qualification.failures).toEqual([
      'compression ratio 1.00 is below the 2x floor of 2',
    ]);
    expect(oracle['8x'].qualification.failures).toEqual([
      'compression ratio 1.00 is below the 8x floor of 8',
    ]);
  });
});
