import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';

/** Token usage a provider reported for one request. `outputTokens` unknown is not zero: leave it out. */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens?: number;
}

/**
 * Tracks how full the context is: the provider's last reported usage, which is the truth for what it
 * covered, plus exact counts of the messages added since.
 */
export class ContextTracker {
  private readonly counter: TokenCounter;
  private usageTokens: number | undefined;
  private coveredMessages = 0;
  private coveredHead: Message | undefined;

  constructor(options: { counter: TokenCounter }) {
    this.counter = options.counter;
  }

  /**
   * Records what the provider reported. `coveredMessages` is how many leading messages of the history the
   * usage accounts for: the request's context, plus the reply if you appended it (its tokens are the output).
   */
  recordUsage(usage: ProviderUsage, coveredMessages: number, history?: readonly Message[]): void {
    this.usageTokens = usage.inputTokens + (usage.outputTokens ?? 0);
    this.coveredMessages = coveredMessages;
    this.coveredHead = history?.[0];
  }

  /** Forgets the provider figure, e.g. after compaction replaced the context. */
  reset(): void {
    this.usageTokens = undefined;
    this.coveredMessages = 0;
    this.coveredHead = undefined;
  }

  /** Estimated tokens of `messages`: reported usage for the covered prefix, exact counts for the rest. */
  estimate(messages: readonly Message[]): number {
    const usable =
      this.usageTokens !== undefined &&
      messages.length >= this.coveredMessages &&
      (this.coveredHead === undefined || messages[0] === this.coveredHead);
    if (!usable) return this.counter.countMessages(messages);
    let added = 0;
    for (let index = this.coveredMessages; index < messages.length; index++) {
      added += this.counter.countMessage(messages[index] as Message);
    }
    return (this.usageTokens as number) + added;
  }
}
