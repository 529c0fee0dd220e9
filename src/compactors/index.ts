/**
 * compactkit compactors: compaction methods that return a CompactionArtifact, and the two controls every
 * benchmark run can be read against: `null` (keeps nothing) and `oracle` (keeps everything).
 */

export {
  type BlockStrategyCompactorOptions,
  blockStrategyAsCompactor,
  DEFAULT_MAX_CONTEXT_TOKENS,
} from './engine-bridges/block-strategy-as-compactor.js';
export {
  type CompactorBlockStrategyOptions,
  compactorAsBlockStrategy,
} from './engine-bridges/compactor-as-block-strategy.js';
export {
  type MethodModel,
  type ModelCallMetadata,
  requireModel,
  startMethodModel,
  summarizeCalls,
} from './llm/llm-call.js';
export { anchoredIterativeMethod } from './methods/anchored-iterative.js';
export { defaultBlockMethod } from './methods/default-block.js';
export { createHybridMethod, type HybridMethodSettings } from './methods/hybrid.js';
export { naiveSummaryMethod } from './methods/naive-summary.js';
export { nullCompactor } from './methods/null-compactor.js';
export { observationMaskingMethod } from './methods/observation-masking.js';
export { oracleCompactor } from './methods/oracle-compactor.js';
export { regeneratedSummaryMethod } from './methods/regenerated-summary.js';
export { structuredStateMethod } from './methods/structured-state/structured-state.js';
export { truncateLastNMethod } from './methods/truncate-last-n.js';
export {
  builtInCompactors,
  builtInMethods,
  findMethod,
  instantiateMethod,
} from './registry/built-in-methods.js';
export { methodOf } from './registry/control-methods.js';
export { loadCompactor } from './registry/load-compactor.js';
export type {
  MethodDefinition,
  MethodOptionSpec,
  MethodOptions,
  MethodOptionType,
} from './registry/method-definition.js';
export { isMethodDefinition } from './registry/method-definition.js';
export { parseMethodOptionArgs, resolveMethodOptions } from './registry/method-options.js';
export {
  type MethodIsolation,
  type ResolveMethodsOptions,
  resolveMethods,
} from './registry/resolve-methods.js';
export { renderTranscriptText } from './shared/render-transcript-text.js';
export type { Compactor, CompactorContext, CompactorInput } from './types.js';
export {
  type LoadWorkerCompactorOptions,
  loadWorkerCompactor,
  type WorkerCompactor,
} from './worker/load-worker-compactor.js';
