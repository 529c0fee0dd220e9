/**
 * Probe-based evaluation of agent sessions (seed 004): compaction points, probe extraction, the rubric, answerers,
 * the judge and aggregation.
 */
export {
  aggregateScores,
  type GroupScores,
  type ProbeAggregate,
  type ScoredAnswer,
  type ScoreEstimate,
} from './aggregate-scores.js';
export { WINDOW_ANSWER_INSTRUCTIONS } from './answer-from-window.js';
export {
  ANSWER_SYSTEM_PROMPT,
  type Answerer,
  createLexicalAnswerer,
  createModelAnswerer,
  LEXICAL_ANSWERER_ID,
} from './answerers.js';
export { createAnthropicCompactMethod } from './anthropic-compact-method.js';
export { loadProbeMethod } from './compact-for-probes.js';
export { type CompactionPointOptions, findCompactionPoints } from './compaction-points.js';
export { createDeterministicJudge, DETERMINISTIC_JUDGE_ID } from './create-deterministic-judge.js';
export { createModelJudge } from './create-model-judge.js';
export { DEFAULT_RUBRIC } from './default-rubric.js';
export { type ExtractProbesOptions, extractProbes } from './extract-probes.js';
export { formatProbeTable } from './format-probe-table.js';
export { buildJudgeMessage, JUDGE_SYSTEM_PROMPT } from './judge-prompt.js';
export type { CriterionResult, Judge, JudgeFailure, JudgeInput, JudgeVerdict } from './judge-types.js';
export { createModelProbeExtractor, PROBE_WRITER_PROMPT } from './model-probe-extractor.js';
export { createOpenAICompactMethod } from './openai-compact-method.js';
export { criterionDimensions, parseRubric } from './parse-rubric.js';
export { PROBE_CRITERIA } from './probe-criteria.js';
export type { OpaqueWindow, ProbeContext, ProbeMethod } from './probe-method.js';
export { type ProbeResult, probeResultKey, probeResultSchema } from './probe-result.js';
export { type GroundTruth, PROBE_TYPES, type Probe, type ProbeType } from './probe-types.js';
export { blind, renderContext } from './render-context.js';
export type { LocalizedText, Rubric, RubricCriterion, RubricDimension } from './rubric-types.js';
export {
  aggregateResults,
  type ProbeRun,
  type ProbeSessionInput,
  type RunProbesOptions,
  runProbes,
} from './run-probes.js';
export { scoreCriteria } from './score-criteria.js';
export {
  type CommandRun,
  type FileOperation,
  type PlanSnapshot,
  readToolActivity,
  type ToolActivity,
} from './tool-activity.js';
