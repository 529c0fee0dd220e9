/**
 * compactkit compactors: compaction methods that return a CompactionArtifact, and the two controls every
 * benchmark run can be read against: `null` (keeps nothing) and `oracle` (keeps everything).
 */
export { builtInCompactors, builtInMethods, findMethod, instantiateMethod } from './built-in-methods.js';
export { methodOf } from './control-methods.js';
export { loadCompactor } from './load-compactor.js';
export type {
  MethodDefinition,
  MethodOptionSpec,
  MethodOptions,
  MethodOptionType,
} from './method-definition.js';
export { isMethodDefinition } from './method-definition.js';
export { parseMethodOptionArgs, resolveMethodOptions } from './method-options.js';
export { nullCompactor } from './null-compactor.js';
export { oracleCompactor } from './oracle-compactor.js';
export { renderTranscriptText } from './render-transcript-text.js';
export type { Compactor, CompactorContext, CompactorInput } from './types.js';
