/** A system's position on the score-versus-cost plane. */
export interface ParetoPoint {
  system: string;
  score: number;
  cost: number;
}

/**
 * Pareto ranks over (higher score, lower cost): rank 1 is the frontier no other system beats on both axes,
 * rank 2 the frontier once rank 1 is removed, and so on. Runs across systems, so it takes summaries, not rows.
 */
export function paretoRank(points: readonly ParetoPoint[]): Record<string, number> {
  const ranks: Record<string, number> = {};
  let remaining = points.filter((point) => Number.isFinite(point.score) && !Number.isNaN(point.cost));
  let rank = 1;
  while (remaining.length > 0) {
    const front = remaining.filter(
      (point) =>
        !remaining.some(
          (other) =>
            other !== point &&
            other.score >= point.score &&
            other.cost <= point.cost &&
            (other.score > point.score || other.cost < point.cost),
        ),
    );
    for (const point of front) ranks[point.system] = rank;
    remaining = remaining.filter((point) => !front.includes(point));
    rank += 1;
  }
  return ranks;
}
