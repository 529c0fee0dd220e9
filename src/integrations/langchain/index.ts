/**
 * compactkit for LangChain JS (`langchain` 1.x, `@langchain/core` 1.x): an agent middleware that compacts the
 * messages before each model call, and the message converters it uses.
 */

export type { IncrementalCompactionStats } from '../shared/incremental-compaction.js';
export type { CompactionMethod, IntegrationOptions } from '../shared/resolve-strategy.js';
export { fromLangChainMessages, toLangChainMessages } from './convert-langchain-messages.js';
export {
  type CompactionMiddleware,
  type CompactionMiddlewareOptions,
  createCompactionMiddleware,
} from './create-compaction-middleware.js';
