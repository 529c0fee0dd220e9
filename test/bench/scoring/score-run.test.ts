import { describe, expect, it } from 'vitest';
import { scoreRun } from '../../../src/bench/scoring/score-run.js';
import { ValidationError } from '../../../src/errors.js';
import { ALL_FAIL, ALL_PASS, cycle, failedCase, steadyCase, type VerdictSpec } from './run-fixtures.js';

const FAST = { resamples: 200 };

describe('scoreRun', () => {
  it('scores a perfect run at 8x and qualifies it', () => {
    const cases = ['a', 'b', 'c'].map((key) =>
      steadyCase(key, 'buried_constraint', {
        cycles: 3,
        transcriptTokens: 8000,
        artifactTokens: 1000,
        verdicts: ALL_PASS,
      }),
    );
    const scores = scoreRun({ cases, expectedCases: 3, expectedCycles: 3, tier: '8x', bootstrap: FAST });
    expect(scores).toMatchObject({
      overall: 1,
      driftResistance: 1,
      constraintRetention: 1,
      contradictionRate: 0,
      compressionRatio: 8,
      families: { buried_constraint: { items: 54, passed: 54, passRate: 1 } },
      cases: { expected: 3, complete: 3, failed: 0 },
      qualification: { tier: '8x', floor: 8, qualified: true, failures: [] },
    });
    // log2(8) / 5 = 0.6
    expect(scores.compressionBonus).toBeCloseTo(0.6, 12);
    expect(scores.eliteScore).toBeCloseTo(0.4 + 0.3 + 0.2 + 0.06, 12);
    expect(scores.ci.overall).toEqual([1, 1]);
  });

  it('an empty artifact scores elite 0.10, not 0.608, and does not qualify', () => {
    const cases = ['a', 'b'].map((key) =>
      steadyCase(key, 'buried_constraint', {
        cycles: 3,
        transcriptTokens: 5000,
        artifactTokens: 0,
        verdicts: ALL_FAIL,
      }),
    );
    const scores = scoreRun({ cases, expectedCases: 2, expectedCycles: 3, tier: '2x', bootstrap: FAST });
    expect(scores).toMatchObject({
      overall: 0,
      driftResistance: 0,
      constraintRetention: 0,
      compressionBonus: 1,
    });
    expect(scores.eliteScore).toBeCloseTo(0.1, 12);
    expect(scores.qualification.qualified).toBe(false);
    expect(scores.qualification.failures).toEqual(['family buried_constraint pass rate 0.00 is below 0.40']);
  });

  it('computes the compression ratio from totals, so one empty artifact cannot lift it', () => {
    const cases = Array.from({ length: 10 }, (_, index) =>
      steadyCase(`case_${index}`, 'tool_output_burial', {
        cycles: 1,
        transcriptTokens: 4000,
        artifactTokens: index === 0 ? 0 : 4000,
        verdicts: ALL_PASS,
      }),
    );
    const meanOfRatios =
      cases.reduce((sum, scored) => {
        const first = scored.cycles[0];
        return sum + (first ? first.transcriptTokens / Math.max(first.artifactTokens, 1) : 0);
      }, 0) / cases.length;
    expect(meanOfRatios).toBeGreaterThan(400);
    const scores = scoreRun({ cases, expectedCases: 10, expectedCycles: 1, tier: '2x', bootstrap: FAST });
    expect(scores.compressionRatio).toBeCloseTo(40000 / 36001, 12);
    expect(scores.qualification.failures).toEqual(['compression ratio 1.11 is below the 2x floor of 2']);
  });

  it('applies the family floor to a pass rate, not to a mean of case scores', () => {
    // Each cycle: the weight-3 decision passes, three weight-1 planning items fail.
    // Case score (3·1 + 3·0) / 6 = 0.50, which a mean-based floor would pass; pass rate 1/4 = 0.25 fails.
    const verdicts: VerdictSpec[] = [
      ['locked_decision_retention', 1],
      ['planning_soundness', 0],
      ['planning_soundness', 0],
      ['planning_soundness', 0],
    ];
    const cases = ['a', 'b'].map((key) =>
      steadyCase(key, 'decision_override', {
        cycles: 2,
        transcriptTokens: 4000,
        artifactTokens: 500,
        verdicts,
      }),
    );
    const scores = scoreRun({ cases, expectedCases: 2, expectedCycles: 2, tier: '4x', bootstrap: FAST });
    expect(scores.overall).toBeCloseTo(0.5, 12);
    expect(scores.families.decision_override).toEqual({ items: 16, passed: 4, passRate: 0.25 });
    expect(scores.qualification.failures).toEqual(['family decision_override pass rate 0.25 is below 0.40']);
  });

  it('counts a failed case as 0 and keeps its partial cycles out of every pooled number', () => {
    const good = steadyCase('good', 'entity_confusion', {
      cycles: 2,
      transcriptTokens: 4000,
      artifactTokens: 1000,
      verdicts: ALL_PASS,
    });
    // It violated and had an empty artifact before failing; none of that is a measurement.
    const broken = failedCase('broken', 'entity_confusion', [
      cycle(0, 4000, 0, [['forbidden_behavior_retention', 0, true]]),
    ]);
    const scores = scoreRun({
      cases: [good, broken],
      expectedCases: 2,
      expectedCycles: 2,
      tier: '4x',
      bootstrap: FAST,
    });
    expect(scores).toMatchObject({
      overall: 0.5,
      driftResistance: 0.5,
      constraintRetention: 1,
      contradictionRate: 0,
      compressionRatio: 4,
      cases: { expected: 2, complete: 1, failed: 1 },
      families: { entity_confusion: { items: 12, passed: 12, passRate: 1 } },
    });
    expect(scores.qualification.failures).toEqual(['1 of 2 case slots completed', '1 case failed']);
  });

  it('pools constraint retention and contradictions over every response', () => {
    const scored = steadyCase('a', 'buried_constraint', {
      cycles: 1,
      transcriptTokens: 1000,
      artifactTokens: 100,
      verdicts: [
        ['locked_decision_retention', 1],
        ['forbidden_behavior_retention', 0, true],
        ['forbidden_behavior_retention', 1],
        ['immutable_fact_recall', 0],
      ],
    });
    const scores = scoreRun({
      cases: [scored],
      expectedCases: 1,
      expectedCycles: 1,
      tier: '2x',
      bootstrap: FAST,
    });
    expect(scores.constraintRetention).toBeCloseTo(2 / 3, 12);
    expect(scores.contradictionRate).toBe(0.25);
    // (3 + 0 + 3 + 0) / 11 penalised by (1 - 0.25)
    expect(scores.overall).toBeCloseTo((6 / 11) * 0.75, 12);
  });

  it('reads cycles in cycle order whatever order they arrive in', () => {
    const scored = {
      caseKey: 'a',
      family: 'f',
      status: 'complete' as const,
      cycles: [cycle(1, 100, 10, [['entity_integrity', 0]]), cycle(0, 100, 10, [['entity_integrity', 1]])],
    };
    const scores = scoreRun({
      cases: [scored],
      expectedCases: 1,
      expectedCycles: 2,
      tier: '2x',
      bootstrap: FAST,
    });
    expect(scores.driftResistance).toBe(0);
    expect(scores.overall).toBe(0.5);
  });

  it('scores an empty run 0 and says why it does not qualify', () => {
    const scores = scoreRun({ cases: [], expectedCases: 60, expectedCycles: 3, tier: '2x' });
    expect(scores).toMatchObject({
      overall: 0,
      driftResistance: 0,
      eliteScore: 0,
      compressionRatio: 0,
      families: {},
    });
    expect(scores.ci.eliteScore).toEqual([0, 0]);
    expect(scores.qualification.failures).toEqual([
      'compression ratio 0.00 is below the 2x floor of 2',
      '0 of 60 case slots completed',
    ]);
  });

  it('rejects malformed input, naming every problem', () => {
    const scored = steadyCase('a', 'f', {
      cycles: 1,
      transcriptTokens: -1,
      artifactTokens: 10,
      verdicts: [['entity_integrity', 2]],
    });
    try {
      scoreRun({ cases: [scored, scored], expectedCases: 1.5, expectedCycles: 1, tier: '3x' as never });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.where)).toEqual([
        'tier',
        'expectedCases',
        'cases[0].cycles[0].transcriptTokens',
        'cases[0].cycles[0].verdicts[0].score',
        'cases[1].caseKey',
        'cases[1].cycles[0].transcriptTokens',
        'cases[1].cycles[0].verdicts[0].score',
      ]);
    }
  });
});
