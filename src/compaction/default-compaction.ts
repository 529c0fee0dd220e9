import type { Message } from '../messages/types.js';
import { compactMessages } from './compact-messages.js';
import type { CompactionConfig } from './config.js';
import type { CompactionStrategy, StrategyContext } from './types.js';

/** The built-in legacy strategy: delegates to `compactMessages` (truncate, summarise, drop middle). */
export class DefaultCompaction implements CompactionStrategy {
  /** Returns a compacted copy of the messages within `context.budgetTokens` whenever that is possible. */
  compact(messages: readonly Message[], config: CompactionConfig, context: StrategyContext): Message[] {
    return compactMessages(messages, config, context).messages;
  }
}
