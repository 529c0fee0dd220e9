/** A case's score and drift resistance, from its penalised cycle scores. */
export interface CaseScore {
  /** Mean of the penalised cycle scores. */
  score: number;
  /** clamp(1 + mean over n >= 1 of (c_n - c_0), 0, 1); 0 when c_0 is 0. */
  drift: number;
}

/**
 * Scores one case from its penalised cycle scores c_0..c_N, in cycle order. The score is their mean; drift
 * resistance is seed 000's clamp(1 + mean(c_n - c_0), 0, 1), with one fix: a case whose c_0 is 0 gets drift 0,
 * because it had nothing to hold (otherwise an empty artifact, 0 on every cycle, earns perfect drift). With no
 * drift cycles (N = 0) the drift is 1 when c_0 > 0, else 0. No cycles at all score 0 and 0.
 */
export function scoreCase(cycleScores: readonly number[]): CaseScore {
  const [first, ...later] = cycleScores;
  if (first === undefined) return { score: 0, drift: 0 };
  const score = cycleScores.reduce((sum, value) => sum + value, 0) / cycleScores.length;
  if (!(first > 0)) return { score, drift: 0 };
  if (later.length === 0) return { score, drift: 1 };
  const meanDelta = later.reduce((sum, value) => sum + (value - first), 0) / later.length;
  return { score, drift: clamp(1 + meanDelta, 0, 1) };
}

/** `value` limited to [low, high]. */
export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
