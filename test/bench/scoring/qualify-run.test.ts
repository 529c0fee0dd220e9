import { describe, expect, it } from 'vitest';
import {
  formatAgainst,
  type QualificationInput,
  qualifyRun,
} from '../../../src/bench/scoring/qualify-run.js';
import { scoreRun } from '../../../src/bench/scoring/score-run.js';
import { QUALIFICATION, TIER_FLOORS } from '../../../src/bench/scoring/scoring-constants.js';
import { ALL_PASS, steadyCase } from './run-fixtures.js';

const passing: QualificationInput = {
  tier: '4x',
  compressionRatio: 4,
  contradictionRate: 0.1,
  expectedCases: 60,
  completeCases: 60,
  failedCases: 0,
  expectedCycles: 3,
  shortCases: [],
  families: { buried_constraint: { items: 100, passed: 40, passRate: 0.4 } },
};

describe('qualifyRun', () => {
  it('has the floors of seed 000', () => {
    expect(TIER_FLOORS).toEqual({ '2x': 2, '4x': 4, '8x': 8 });
    expect(QUALIFICATION).toEqual({ maxContradictionRate: 0.1, minFamilyPassRate: 0.4 });
  });

  it('passes a run exactly at every floor', () => {
    expect(qualifyRun(passing)).toEqual({ tier: '4x', floor: 4, qualified: true, failures: [] });
  });

  it('lists every failed floor with its numbers', () => {
    const result = qualifyRun({
      ...passing,
      tier: '8x',
      compressionRatio: 6.5,
      contradictionRate: 0.125,
      completeCases: 58,
      failedCases: 2,
      shortCases: [{ caseKey: 'time_order@1:hard:default:4', cycles: 2 }],
      families: {
        time_order: { items: 20, passed: 7, passRate: 0.35 },
        buried_constraint: { items: 10, passed: 9, passRate: 0.9 },
        entity_confusion: { items: 0, passed: 0, passRate: 0 },
      },
    });
    expect(result).toEqual({
      tier: '8x',
      floor: 8,
      qualified: false,
      failures: [
        'compression ratio 6.50 is below the 8x floor of 8',
        'contradiction rate 0.13 is above 0.10',
        '58 of 60 case slots completed',
        '1 complete case has fewer than 3 cycles: time_order@1:hard:default:4 (2)',
        'family entity_confusion pass rate 0.00 is below 0.40 (no item responses were scored)',
        'family time_order pass rate 0.35 is below 0.40',
        '2 cases failed',
      ],
    });
  });

  it('names at most five short cases', () => {
    const shortCases = Array.from({ length: 7 }, (_, index) => ({ caseKey: `c${index}`, cycles: 1 }));
    expect(qualifyRun({ ...passing, shortCases }).failures).toEqual([
      '7 complete cases have fewer than 3 cycles: c0 (1), c1 (1), c2 (1), c3 (1), c4 (1), and 2 more',
    ]);
  });

  it('never prints a failing number equal to its limit', () => {
    expect(formatAgainst(0.3999, 0.4)).toBe('0.3999');
    expect(formatAgainst(0.10001, 0.1)).toBe('0.10001');
    expect(formatAgainst(0.35, 0.4)).toBe('0.35');
    expect(qualifyRun({ ...passing, compressionRatio: 3.999 }).failures).toEqual([
      'compression ratio 3.999 is below the 4x floor of 4',
    ]);
  });

  it('flags a complete case that skipped drift cycles, from scoreRun', () => {
    const cases = [
      steadyCase('full', 'f', { cycles: 3, transcriptTokens: 800, artifactTokens: 100, verdicts: ALL_PASS }),
      steadyCase('short', 'f', { cycles: 2, transcriptTokens: 800, artifactTokens: 100, verdicts: ALL_PASS }),
    ];
    const scores = scoreRun({
      cases,
      expectedCases: 2,
      expectedCycles: 3,
      tier: '8x',
      bootstrap: { resamples: 10 },
    });
    expect(scores.qualification.failures).toEqual(['1 complete case has fewer than 3 cycles: short (2)']);
  });
});
