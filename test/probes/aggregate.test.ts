import { describe, expect, it } from 'vitest';
import { aggregateScores, estimate, type ScoredAnswer } from '../../src/probes/aggregate-scores.js';
import { DEFAULT_RUBRIC } from '../../src/probes/default-rubric.js';
import { scoreCriteria } from '../../src/probes/score-criteria.js';

describe('aggregation as seed 004 says', () => {
  it('a dimension is the weighted mean of its criteria, the overall the unweighted mean of dimensions', () => {
    const rubric = structuredClone(DEFAULT_RUBRIC);
    // accuracy_factual weighs 3, accuracy_technical 1: (5*3 + 1*1) / 4 = 4.
    const accuracy = rubric.dimensions[0];
    if (accuracy?.criteria[0]) accuracy.criteria[0].weight = 3;
    const scores = new Map([
      ['accuracy_factual', 5],
      ['accuracy_technical', 1],
      ['artifact_files_modified', 2],
      ['artifact_key_details', 3],
      ['instruction_format', 5],
    ]);
    const result = scoreCriteria(scores, rubric);
    expect(result.dimensionScores).toEqual({ accuracy: 4, artifact_trail: 2.5, instruction_following: 5 });
    // (4 + 2.5 + 5) / 3, dimensions with no scored criterion left out rather than counted as 0.
    expect(result.aggregateScore).toBeCloseTo(11.5 / 3, 10);
  });

  it('means per method, probe type, session and task type, with the number of answers behind each', () => {
    const answer = (
      method: string,
      probeType: ScoredAnswer['probeType'],
      session: string,
      score: number,
    ): ScoredAnswer => ({
      method,
      probeType,
      session,
      taskType: session.startsWith('debug') ? 'debugging' : 'feature',
      aggregateScore: score,
      dimensionScores: { accuracy: score, continuity: score - 1 },
    });
    const result = aggregateScores([
      answer('anchored', 'recall', 'debug-1', 4),
      answer('anchored', 'artifact', 'debug-1', 2),
      answer('anchored', 'recall', 'feature-1', 3),
      answer('opaque', 'recall', 'debug-1', 1),
    ]);
    expect(result.byMethod.anchored?.overall).toMatchObject({ mean: 3, n: 3 });
    expect(result.byMethod.anchored?.dimensions.continuity).toMatchObject({ mean: 2, n: 3 });
    expect(result.byMethod.opaque?.overall).toEqual({ mean: 1, low: 1, high: 1, n: 1 });
    expect(result.byMethodAndProbeType.anchored?.recall?.overall).toMatchObject({ mean: 3.5, n: 2 });
    expect(result.byMethodAndSession.anchored?.['debug-1']?.overall).toMatchObject({ mean: 3, n: 2 });
    expect(result.byMethodAndTaskType.anchored?.feature?.overall).toMatchObject({ mean: 3, n: 1 });
  });

  it('bootstrap intervals hold the mean, stay within the data, and repeat exactly for the same data', () => {
    const values = [1, 2, 3, 4, 5, 2, 3, 4];
    const first = estimate(values, 'x');
    expect(first.mean).toBe(3);
    expect(first.low).toBeGreaterThanOrEqual(1);
    expect(first.high).toBeLessThanOrEqual(5);
    expect(first.low).toBeLessThan(3);
    expect(first.high).toBeGreaterThan(3);
    expect(estimate(values, 'x')).toEqual(first);
    // Identical values leave no doubt.
    expect(estimate([2, 2, 2, 2], 'y')).toEqual({ mean: 2, low: 2, high: 2, n: 4 });
  });
});
