/**
 * compactkit compactors: compaction methods that return a CompactionArtifact, and the two controls every
 * benchmark run can be read against: `null` (keeps nothing) and `oracle` (keeps everything).
 */

export { anchoredIterativeMethod } from './anchored-iterative.js';
export {
  type BlockStrategyCompactorOptions,
  blockStrategyAsCompactor,
  DEFAULT_MAX_CONTEXT_TOKENS,
} from './block-strategy-as-compactor.js';
export { builtInCompactors, builtInMethods, findMethod, instantiateMethod } from './built-in-methods.js';
export {
  type CompactorBlockStrategyOptions,
  compactorAsBlockStrategy,
} from './compactor-as-block-strategy.js';
export { methodOf } from './control-methods.js';
export { defaultBlockMethod } from './default-block.js';
export { createHybridMethod, type HybridMethodSettings } from './hybrid.js';
export {
  type MethodModel,
  type ModelCallMetadata,
  requireModel,
  startMethodModel,
  summarizeCalls,
} from './llm-call.js';
export { loadCompactor } from './load-compactor.js';
export type {
  MethodDefinition,
  MethodOptionSpec,
  MethodOptions,
  MethodOptionType,
} from './method-definition.js';
export { isMethodDefinition } from './method-definition.js';
export { parseMethodOptionArgs, resolveMethodOptions } from './method-options.js';
export { naiveSummaryMethod } from './naive-summary.js';
export { nullCompactor } from './null-compactor.js';
export { observationMaskingMethod } from './observation-masking.js';
export { oracleCompactor } from './oracle-compactor.js';
export { regeneratedSummaryMethod } from './regenerated-summary.js';
export { renderTranscriptText } from './render-transcript-text.js';
export { structuredStateMethod } from './structured-state/structured-state.js';
export { truncateLastNMethod } from './truncate-last-n.js';
export type { Compactor, CompactorContext, CompactorInput } from './types.js';
