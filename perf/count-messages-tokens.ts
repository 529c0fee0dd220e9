import type { Message } from '../src/messages/types.js';
import { createTokenCounter } from '../src/tokens/index.js';

const counter = createTokenCounter();

/** Tokens of a transcript as the benchmark counts them (messages with their overhead). */
export function countMessagesTokens(messages: readonly Message[]): number {
  return counter.countMessages(messages);
}
