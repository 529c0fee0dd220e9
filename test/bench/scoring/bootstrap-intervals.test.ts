import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../src/bench/random/prng.js';
import { bootstrapIntervals, percentile } from '../../../src/bench/scoring/bootstrap-intervals.js';
import type { ScoredCase } from '../../../src/bench/scoring/run-statistics.js';
import { scoreRun } from '../../../src/bench/scoring/score-run.js';
import { ValidationError } from '../../../src/errors.js';
import { cycle, failedCase, type VerdictSpec } from './run-fixtures.js';

const TYPES = [
  'locked_decision_retention',
  'forbidden_behavior_retention',
  'immutable_fact_recall',
  'unresolved_task_continuity',
  'entity_integrity',
  'planning_soundness',
] as const;

/** A run of 40 cases with varied seeded outcomes, two of them failed. */
function variedCases(): ScoredCase[] {
  const prng = createPrng('scoring-test-run');
  return Array.from({ length: 40 }, (_, index) => {
    if (index % 20 === 7) return failedCase(`case_${index}`, 'family_a');
    const skill = prng.next();
    const cycles = [0, 1, 2].map((number) => {
      const verdicts: VerdictSpec[] = TYPES.map((type) => [
        type,
        prng.chance(skill * (1 - number * 0.1)) ? 1 : 0,
        prng.chance(0.03),
      ]);
      return cycle(number, prng.int(2000, 8000), prng.int(200, 1500), verdicts);
    });
    return {
      caseKey: `case_${index}`,
      family: index % 2 ? 'family_a' : 'family_b',
      status: 'complete',
      cycles,
    };
  });
}

describe('bootstrap intervals', () => {
  it('are deterministic for a seed and change with the seed', () => {
    const cases = variedCases();
    const input = { cases, expectedCases: 40, expectedCycles: 3, tier: '4x' as const };
    const first = scoreRun({ ...input, bootstrap: { seed: 'alpha' } }).ci;
    const again = scoreRun({ ...input, bootstrap: { seed: 'alpha' } }).ci;
    const other = scoreRun({ ...input, bootstrap: { seed: 'beta' } }).ci;
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    // The default seed is fixed too.
    expect(scoreRun(input).ci).toEqual(scoreRun(input).ci);
  });

  it('contain the point estimates, with low <= high', () => {
    const scores = scoreRun({ cases: variedCases(), expectedCases: 40, expectedCycles: 3, tier: '4x' });
    for (const key of [
      'overall',
      'driftResistance',
      'constraintRetention',
      'compressionRatio',
      'eliteScore',
    ] as const) {
      const [low, high] = scores.ci[key];
      expect(low).toBeLessThanOrEqual(scores[key]);
      expect(high).toBeGreaterThanOrEqual(scores[key]);
      expect(high).toBeGreaterThan(low);
    }
  });

  it('are [0, 0] without cases and refuse a bad resample count', () => {
    expect(bootstrapIntervals([])).toEqual({
      overall: [0, 0],
      driftResistance: [0, 0],
      constraintRetention: [0, 0],
      compressionRatio: [0, 0],
      eliteScore: [0, 0],
    });
    expect(() => bootstrapIntervals([], { resamples: 0 })).toThrow(ValidationError);
    expect(() => bootstrapIntervals([], { resamples: 2.5 })).toThrow(ValidationError);
  });

  it('take percentiles by linear interpolation', () => {
    expect(percentile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(percentile([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(percentile([5], 0.975)).toBe(5);
    expect(percentile([], 0.5)).toBe(0);
  });
});
