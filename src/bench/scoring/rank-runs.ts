/** The fields rankRuns orders by. */
export interface RankableRun {
  eliteScore: number;
  driftResistance: number;
  constraintRetention: number;
  contradictionRate: number;
  /** When the run was published, as an ISO 8601 date-time. */
  publishedAt: string;
}

/**
 * Orders leaderboard entries as seed 000 does: higher elite score, then higher drift resistance, higher
 * constraint retention, lower contradiction rate, earlier publication. Returns a new array; entries equal on
 * every key keep their input order. A NaN number ranks last on its key.
 */
export function rankRuns<T extends RankableRun>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (left, right) =>
      descending(left.eliteScore, right.eliteScore) ||
      descending(left.driftResistance, right.driftResistance) ||
      descending(left.constraintRetention, right.constraintRetention) ||
      descending(-left.contradictionRate, -right.contradictionRate) ||
      comparePublished(left.publishedAt, right.publishedAt),
  );
}

function descending(left: number, right: number): number {
  const leftValue = Number.isNaN(left) ? Number.NEGATIVE_INFINITY : left;
  const rightValue = Number.isNaN(right) ? Number.NEGATIVE_INFINITY : right;
  if (leftValue === rightValue) return 0;
  return leftValue > rightValue ? -1 : 1;
}

/** Earlier first; dates compare as instants (time zones differ), text that is not a date compares as text after them. */
function comparePublished(left: string, right: string): number {
  const leftTime = Date.parse(left);
  const rightTime = Date.parse(right);
  const leftValid = !Number.isNaN(leftTime);
  const rightValid = !Number.isNaN(rightTime);
  if (leftValid && rightValid) return leftTime === rightTime ? 0 : leftTime < rightTime ? -1 : 1;
  if (leftValid !== rightValid) return leftValid ? -1 : 1;
  return left === right ? 0 : left < right ? -1 : 1;
}
