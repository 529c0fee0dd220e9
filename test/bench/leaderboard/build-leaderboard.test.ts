import { afterAll, describe, expect, it } from 'vitest';
import { buildLeaderboard } from '../../../src/bench/leaderboard/build-leaderboard.js';
import { scoreStoredRun } from '../../../src/bench/runner/index.js';
import { hostileRuns } from '../../report/report-fixture.js';

const { store, runIds } = await hostileRuns();
afterAll(() => store.close());

describe('buildLeaderboard', () => {
  it('shows retention from the stored artifacts and each overall score against the oracle run', () => {
    const [segment] = buildLeaderboard(store);
    const entries = segment?.entries ?? [];
    expect(entries).toHaveLength(3);
    const oracle = entries.find((entry) => entry.method.startsWith('oracle@'));
    expect(oracle?.vsOracle).toBe(1);
    for (const entry of entries) {
      const scores = scoreStoredRun(store, entry.runId);
      expect(entry.retention).toBe(scores.retention);
      expect(entry.vsOracle).toBeCloseTo(entry.overall / (oracle?.overall ?? Number.NaN), 12);
    }
    // The verbatim transcript carries every ground-truth entry; the hostile method keeps one user message.
    expect(oracle?.retention).toBe(1);
    const hostile = entries.find((entry) => entry.runId === runIds[2]);
    expect(hostile?.retention).toBeLessThan(0.5);
  });

  it('leaves the oracle ratio empty when the compared runs hold no oracle', () => {
    const [segment] = buildLeaderboard(store, { runIds: runIds.slice(1) });
    expect(segment?.entries.map((entry) => entry.vsOracle)).toEqual([null, null]);
  });
});
