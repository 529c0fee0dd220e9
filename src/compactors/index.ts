/**
 * compactkit compactors: compaction methods that return a CompactionArtifact, and the two controls every
 * benchmark run can be read against: `null` (keeps nothing) and `oracle` (keeps everything).
 */
export { builtInCompactors, findCompactor } from './built-in-compactors.js';
export { loadCompactor } from './load-compactor.js';
export { nullCompactor } from './null-compactor.js';
export { oracleCompactor } from './oracle-compactor.js';
export { renderTranscriptText } from './render-transcript-text.js';
export type { Compactor, CompactorContext, CompactorInput } from './types.js';
