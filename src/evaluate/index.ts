/**
 * compactkit evaluate: the evaluation pipeline of seed 001 for anything that touches context (compressors,
 * proxies, memory managers). Dataset -> System.process -> Evaluator.score -> Metric.compute -> EvalResult.
 */

export { createEvaluationRegistry } from './create-evaluation-registry.js';
export { builtInDatasets, registerBuiltInDatasets } from './datasets/built-in-datasets.js';
export { type DatasetDefinition, defineDataset, type PublishedLayout } from './datasets/define-dataset.js';
export {
  cachedParquetFiles,
  defaultCacheDir,
  downloadHubParquet,
  type HubDownloadOptions,
  type HubSource,
  hubParquetUrl,
} from './datasets/hub-download.js';
export {
  type BadRecordPolicy,
  type LoadLocalDatasetOptions,
  type LocalDataset,
  loadLocalDataset,
  selectExamples,
} from './datasets/load-local-dataset.js';
export { EvalResult, type FlatRecord } from './eval-result.js';
export { type EvaluateOptions, type EvaluateProgress, evaluate } from './evaluate.js';
export {
  type EvaluateMemoryOptions,
  evaluateMemory,
  type MemoryExample,
  type MemoryQuestion,
} from './evaluate-memory.js';
export { EVALUATION_VERSION, evaluationFingerprint } from './evaluation-store.js';
export { answerQuality, containsAnswer, tokenOverlap } from './evaluators/answer-quality.js';
export {
  buildProgram,
  type CodeExecutionOptions,
  codeExecution,
  extractCode,
} from './evaluators/code-execution.js';
export { detectLanguage } from './evaluators/ifeval/detect-language.js';
export { ifeval, looseVariants } from './evaluators/ifeval/ifeval.js';
export { countSentences, countWords, INSTRUCTION_CHECKS } from './evaluators/ifeval/ifeval-instructions.js';
export { DEFAULT_JUDGE_RUBRIC, llmJudge } from './evaluators/llm-judge.js';
export {
  extractFinalAnswer,
  mathAnswersEqual,
  mathEquivalence,
  normalizeMathAnswer,
} from './evaluators/math-equivalence.js';
export {
  extractChoiceLetter,
  goldChoiceLetter,
  multipleChoiceAccuracy,
} from './evaluators/multiple-choice-accuracy.js';
export { type NliLabel, nliLabelMatch, parseNliLabel } from './evaluators/nli-label-match.js';
export { normalizeAnswer } from './evaluators/normalize-answer.js';
export { retention } from './evaluators/retention.js';
export { rougeL, summarizationQuality } from './evaluators/summarization-quality.js';
export {
  compressionRatio,
  costOfPass,
  latency,
  meanScore,
  passRate,
  perDatasetBreakdown,
  tokenEfficiency,
} from './metrics/built-in-metrics.js';
export { type ParetoPoint, paretoRank } from './metrics/pareto-rank.js';
export { bootstrapMeanInterval, percentile } from './metrics/statistics.js';
export { primaryScoreField, readEvaluationResult } from './read-evaluation-result.js';
export {
  type DatasetEntry,
  type DatasetLoadOptions,
  type EvaluatorFactory,
  type MetricFactory,
  Registry,
  type RegistryKind,
  type RegistryKinds,
  type Reporter,
  type SystemFactory,
  type SystemFactoryContext,
} from './registry.js';
export { formatHtml, formatJson, formatTable, summaryRows } from './reporters.js';
export { type ResolveDatasetOptions, type ResolvedDataset, resolveDataset } from './resolve-dataset.js';
export { buildAnswerRequest } from './systems/answer-prompt.js';
export { compactorSystem, contextAsTranscript } from './systems/compactor-system.js';
export { identitySystem } from './systems/identity-system.js';
export { modelSystem, proxySystem } from './systems/model-system.js';
export { truncateSystem, truncateToTokens } from './systems/truncate-system.js';
export type {
  ConversationTurn,
  Dataset,
  Declaration,
  DocumentChunk,
  EvalRow,
  Evaluator,
  Example,
  MemoryItem,
  MemorySystem,
  Metric,
  PlatformEvent,
  Scores,
  SyncEvaluator,
  System,
  SystemOutput,
  SystemUsage,
} from './types.js';
