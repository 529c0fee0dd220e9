import type { Message } from '../messages/types.js';

/** The byte-pair encodings compactkit counts exactly: GPT-3.5/GPT-4 (`cl100k_base`) and GPT-4o and later (`o200k_base`). */
export type TokenEncoding = 'cl100k_base' | 'o200k_base';

/** How much work a token counter has done and how much it saved; read `counter.stats` again for fresh numbers. */
export interface TokenCounterStats {
  /** Messages that were actually tokenised (cache misses). */
  messagesTokenized: number;
  /** Messages answered from the cache, by object identity or by equal content. */
  cacheHits: number;
}

/** Options of `createTokenCounter`. */
export interface TokenCounterOptions {
  /** Encoding to count with; `cl100k_base` when absent. */
  encoding?: TokenEncoding;
}

/**
 * Counts tokens of text and messages with one encoding, remembering each message's count so that
 * recounting a growing history only tokenises the new messages.
 */
export interface TokenCounter {
  /** The encoding every count of this counter uses. */
  readonly encoding: TokenEncoding;
  /** Exact token count of plain text; special-token lookalikes count as ordinary text. */
  countText(text: string): number;
  /**
   * Tokens one message costs: role, content, tool calls (name + JSON arguments), `toolCallId`, `toolName`,
   * an estimate for each attachment, plus `MESSAGE_OVERHEAD_TOKENS` of chat formatting.
   */
  countMessage(message: Message): number;
  /** Sum of `countMessage` over the list plus `REPLY_PRIMING_TOKENS`; 0 for an empty list. */
  countMessages(messages: readonly Message[]): number;
  /** A snapshot of this counter's cache statistics. */
  readonly stats: TokenCounterStats;
}
