import type { Rubric } from './rubric-types.js';

/**
 * Seed 004's arithmetic for one answer: a dimension's score is the weighted mean of its scored criteria, the
 * overall score the unweighted mean of the dimensions that have any. Dimensions with no scored criterion are
 * absent, not zero.
 */
export function scoreCriteria(
  scores: ReadonlyMap<string, number>,
  rubric: Rubric,
): { dimensionScores: Record<string, number>; aggregateScore: number } {
  const dimensionScores: Record<string, number> = {};
  for (const dimension of rubric.dimensions) {
    let weighted = 0;
    let weights = 0;
    for (const criterion of dimension.criteria) {
      const score = scores.get(criterion.id);
      if (score === undefined) continue;
      weighted += score * criterion.weight;
      weights += criterion.weight;
    }
    if (weights > 0) dimensionScores[dimension.id] = weighted / weights;
  }
  const values = Object.values(dimensionScores);
  const aggregateScore =
    values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
  return { dimensionScores, aggregateScore };
}
