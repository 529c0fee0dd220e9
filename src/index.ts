// The public API of compactkit: named re-exports only, so the surface stays explicit.
export * from './bench/index.js';
export * from './compaction/index.js';
export * from './compactors/index.js';
export {
  CompactionError,
  CompactkitError,
  type CompactkitErrorCode,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
export * from './llm/index.js';
export * from './messages/index.js';
export * from './store/index.js';
export * from './tokens/index.js';
