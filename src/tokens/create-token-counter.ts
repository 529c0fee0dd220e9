import type { Attachment, Message, Role, ToolCall } from '../messages/types.js';
import { countMessageTokens, REPLY_PRIMING_TOKENS } from './count-message-tokens.js';
import { countTextTokens } from './count-text-tokens.js';
import { LruCache } from './lru-cache.js';
import { messageCacheKey } from './message-cache-key.js';
import type { TokenCounter, TokenCounterOptions, TokenEncoding } from './types.js';

/** Most message counts a counter keeps by content hash (a 28-character key and a number each). */
export const CONTENT_CACHE_CAPACITY = 10_000;

// What a message looked like when it was counted. Strings compare by value and arrays by reference, so
// replacing content, tool calls or attachments (or pushing onto those arrays) makes the count stale.
interface CountedMessage {
  readonly role: Role;
  readonly content: string;
  readonly toolCalls: readonly ToolCall[] | undefined;
  readonly toolCallCount: number;
  readonly attachments: readonly Attachment[] | undefined;
  readonly attachmentCount: number;
  readonly toolCallId: string | undefined;
  readonly toolName: string | undefined;
  readonly tokens: number;
}

/**
 * Creates a token counter for one encoding that remembers every message it counted, so that recounting a
 * history that grew by one message tokenises only that message.
 *
 * A message object is recognised again as long as its role, content, `toolCallId` and `toolName` are equal and
 * its `toolCalls` and `attachments` are the same arrays of the same length. Changing an existing tool call or
 * attachment object in place is not noticed: replace the array instead. An equal message in another object
 * (e.g. re-parsed from JSON) is found by a hash of its content among the last 10,000 messages counted.
 *
 * @example
 * const counter = createTokenCounter({ encoding: 'o200k_base' });
 * const before = counter.countMessages(history);
 * history.push(reply);
 * const after = counter.countMessages(history); // tokenises `reply` only
 */
export function createTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  const encoding: TokenEncoding = options.encoding ?? 'cl100k_base';
  const countText = (text: string): number => countTextTokens(text, encoding);
  const byObject = new WeakMap<Message, CountedMessage>();
  const byContent = new LruCache<string, number>(CONTENT_CACHE_CAPACITY);
  let messagesTokenized = 0;
  let cacheHits = 0;

  const countMessage = (message: Message): number => {
    const counted = byObject.get(message);
    if (counted !== undefined && isUnchanged(counted, message)) {
      cacheHits++;
      return counted.tokens;
    }
    const key = messageCacheKey(message);
    let tokens = byContent.get(key);
    if (tokens === undefined) {
      tokens = countMessageTokens(message, encoding, countText);
      byContent.set(key, tokens);
      messagesTokenized++;
    } else {
      cacheHits++;
    }
    byObject.set(message, snapshot(message, tokens));
    return tokens;
  };

  return {
    encoding,
    countText,
    countMessage,
    countMessages(messages) {
      if (messages.length === 0) return 0;
      let total = REPLY_PRIMING_TOKENS;
      for (const message of messages) total += countMessage(message);
      return total;
    },
    get stats() {
      return { messagesTokenized, cacheHits };
    },
  };
}

function snapshot(message: Message, tokens: number): CountedMessage {
  return {
    role: message.role,
    content: message.content,
    toolCalls: message.toolCalls,
    toolCallCount: message.toolCalls?.length ?? 0,
    attachments: message.attachments,
    attachmentCount: message.attachments?.length ?? 0,
    toolCallId: message.toolCallId,
    toolName: message.toolName,
    tokens,
  };
}

function isUnchanged(counted: CountedMessage, message: Message): boolean {
  return (
    counted.content === message.content &&
    counted.role === message.role &&
    counted.toolCalls === message.toolCalls &&
    counted.toolCallCount === (message.toolCalls?.length ?? 0) &&
    counted.attachments === message.attachments &&
    counted.attachmentCount === (message.attachments?.length ?? 0) &&
    counted.toolCallId === message.toolCallId &&
    counted.toolName === message.toolName
  );
}
