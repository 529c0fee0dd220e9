/**
 * compactkit for the Vercel AI SDK (`ai` 6): `createCompaction` gives a `prepareStep` for generateText, streamText
 * and ToolLoopAgent, and a language-model middleware for `wrapLanguageModel`, sharing one compaction state.
 */

export type { IncrementalCompactionStats } from '../shared/incremental-compaction.js';
export type { CompactionMethod, IntegrationOptions } from '../shared/resolve-strategy.js';
export {
  type AiSdkCompaction,
  type CreateCompactionOptions,
  createCompaction,
} from './create-compaction.js';
export { type LanguageModelPrompt, toLanguageModelPrompt } from './to-language-model-prompt.js';
