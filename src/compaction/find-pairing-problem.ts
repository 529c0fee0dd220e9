import type { Message } from '../messages/types.js';

/** The first place a message list breaks tool pairing, and what is wrong there. */
export interface PairingProblem {
  /** Index of the offending message. */
  index: number;
  /** What is wrong, in words, naming the call id. */
  problem: string;
}

/**
 * The first pairing problem of a message list, or undefined when every tool call is followed by its results and
 * every result follows its call (what `hasValidToolPairs` checks, with a reason). `repairToolPairs` fixes them all.
 */
export function findPairingProblem(messages: readonly Message[]): PairingProblem | undefined {
  let pending: { id: string; name: string; index: number }[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (message.role === 'tool') {
      const expected = pending[0];
      if (message.toolCallId === undefined) return { index, problem: 'tool result without a toolCallId' };
      if (expected?.id === message.toolCallId) {
        pending = pending.slice(1);
        continue;
      }
      if (pending.some((call) => call.id === message.toolCallId)) {
        return {
          index,
          problem: `tool result ${message.toolCallId} comes before the result of ${expected?.id}`,
        };
      }
      return {
        index,
        problem: seen.has(message.toolCallId)
          ? `tool result ${message.toolCallId} is not right after the assistant message that calls it`
          : `tool result ${message.toolCallId} answers no tool call`,
      };
    }
    const open = pending[0];
    if (open)
      return {
        index: open.index,
        problem: `tool call ${open.id} (${open.name}) has no result right after it`,
      };
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : []) {
      if (seen.has(call.id)) return { index, problem: `tool call id ${call.id} is used twice` };
      seen.add(call.id);
      pending.push({ id: call.id, name: call.name, index });
    }
  }
  const open = pending[0];
  return open
    ? { index: open.index, problem: `tool call ${open.id} (${open.name}) has no result` }
    : undefined;
}
