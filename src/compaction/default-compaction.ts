import type { Message } from '../messages/types.js';
import { compactMessages } from './compact-messages.js';
import type { CompactionStrategy, CompactionStrategyInput } from './types.js';

/** The built-in legacy strategy: delegates to `compactMessages` (truncate, summarise, compact deeper). */
export class DefaultCompaction implements CompactionStrategy {
  /** Returns a compacted copy of the messages within `context.budgetTokens` whenever that is possible. */
  compact(input: CompactionStrategyInput): Message[] {
    return compactMessages(input).messages;
  }
}
