import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';

/** Token usage a provider reported for one request. `outputTokens` unknown is not zero: leave it out. */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens?: number;
}

/** Options of a ContextTracker. */
export interface ContextTrackerOptions {
  counter: TokenCounter;
  /** Tokens every request carries besides its messages: the system prompt and tool definitions (see `countFixedTokens`). */
  fixedTokens?: number;
}

/**
 * Estimates what the model sees: exact counts of the messages, plus the fixed part (system prompt, tool
 * definitions), plus an offset learned from the provider.
 *
 * Reconciliation: `recordUsage(usage, covered)` takes the provider's figure for a request (input tokens, plus
 * output tokens when the reply is part of `covered`) and stores `offset = reported - (count(covered) + fixed)`,
 * the difference between the provider's tokenizer and chat format and ours. Every later estimate adds that offset,
 * also after a compaction replaced the context, until the next report replaces it. Without a report the offset
 * is 0 and estimates are exact counts.
 */
export class ContextTracker {
  private readonly counter: TokenCounter;
  readonly fixedTokens: number;
  private learnedOffset = 0;

  constructor(options: ContextTrackerOptions) {
    this.counter = options.counter;
    this.fixedTokens = options.fixedTokens ?? 0;
  }

  /** The offset learned from the last provider report (0 before any). */
  get offset(): number {
    return this.learnedOffset;
  }

  /** Records what the provider reported for `covered`: the request's messages, and the reply if appended. */
  recordUsage(usage: ProviderUsage, covered: readonly Message[]): void {
    const reported = usage.inputTokens + (usage.outputTokens ?? 0);
    this.learnedOffset = reported - (this.counter.countMessages(covered) + this.fixedTokens);
  }

  /** Forgets the learned offset. */
  reset(): void {
    this.learnedOffset = 0;
  }

  /** Estimated tokens the model sees for `messages`: exact counts, the fixed part, and the learned offset. */
  estimate(messages: readonly Message[]): number {
    return Math.max(0, this.counter.countMessages(messages) + this.fixedTokens + this.learnedOffset);
  }
}
