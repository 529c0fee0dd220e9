import type { Probe } from './probe-types.js';

/** What the judge sees for one answer. Nothing in it names the compaction method: blinding is structural. */
export interface JudgeInput {
  probe: Probe;
  /** The answer of the model under test. */
  answer: string;
  /** The context the answer was given, as text. */
  compactedContext: string;
}

/** One criterion's score, 0–5, with the judge's reason. */
export interface CriterionResult {
  criterionId: string;
  score: number;
  reasoning: string;
}

/** The judge's verdict on one answer, with the scores recomputed by us from its criterion results. */
export interface JudgeVerdict {
  criterionResults: CriterionResult[];
  /** Weighted mean of each dimension's criteria that were scored. */
  dimensionScores: Record<string, number>;
  /** Unweighted mean of the dimension scores. */
  aggregateScore: number;
  /** What the judge itself reported as aggregate, kept for audit; ours is the one used. */
  reportedAggregateScore?: number;
  /** The judge: a model spec, or `deterministic` (not a model). */
  judgeId: string;
}

/** A failed judgement: recorded on the row as an error, never counted as zeros. */
export interface JudgeFailure {
  error: { code: string; message: string };
  judgeId: string;
}

/** Anything that judges answers against a rubric. Structural: implement `id`, `kind` and `judge`. */
export interface Judge {
  readonly id: string;
  /** `model` for a language model judge; `deterministic` for the offline ground-truth coverage judge. */
  readonly kind: 'model' | 'deterministic';
  judge(input: JudgeInput, options?: { signal?: AbortSignal }): Promise<JudgeVerdict | JudgeFailure>;
}
