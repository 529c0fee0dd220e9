import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreCase } from '../../../src/bench/scoring/score-case.js';

/** Seed 000's drift formula without the c_0 = 0 fix, to show what the fix changes. */
function seedDrift(cycles: number[]): number {
  const [first = 0, ...later] = cycles;
  const mean = later.reduce((sum, value) => sum + value - first, 0) / later.length;
  return Math.min(1, Math.max(0, 1 + mean));
}

describe('scoreCase', () => {
  it('averages the cycles and measures drift against cycle 0', () => {
    const result = scoreCase([0.9, 0.6, 0.3]);
    expect(result.score).toBeCloseTo(0.6, 12);
    // deltas -0.3 and -0.6, mean -0.45
    expect(result.drift).toBeCloseTo(0.55, 12);
  });

  it('a method that holds steady or improves scores drift 1', () => {
    expect(scoreCase([0.7, 0.7, 0.7]).drift).toBe(1);
    expect(scoreCase([0.5, 0.9]).drift).toBe(1);
  });

  it('clamps drift at 0', () => {
    expect(scoreCase([1, 0, 0]).drift).toBe(0);
  });

  it('gives drift 0 to a case that scored 0 on cycle 0 (it had nothing to hold)', () => {
    // An empty artifact scores 0 on every cycle: seed 000's formula calls that perfect drift.
    expect(seedDrift([0, 0, 0])).toBe(1);
    expect(scoreCase([0, 0, 0])).toEqual({ score: 0, drift: 0 });
    expect(scoreCase([0, 0.5, 0.5])).toEqual({ score: 1 / 3, drift: 0 });
  });

  it('without drift cycles, drift is 1 if cycle 0 scored and 0 if not', () => {
    expect(scoreCase([0.4])).toEqual({ score: 0.4, drift: 1 });
    expect(scoreCase([0])).toEqual({ score: 0, drift: 0 });
    expect(scoreCase([])).toEqual({ score: 0, drift: 0 });
  });

  it('keeps score and drift in [0, 1], and agrees with seed 000 whenever cycle 0 scored', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(unit, { minLength: 2, maxLength: 6 }), (cycles) => {
        const { score, drift } = scoreCase(cycles);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(drift).toBeGreaterThanOrEqual(0);
        expect(drift).toBeLessThanOrEqual(1);
        if ((cycles[0] as number) > 0) expect(drift).toBeCloseTo(seedDrift(cycles), 12);
      }),
    );
  });
});
