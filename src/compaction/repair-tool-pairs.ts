import type { Message } from '../messages/types.js';

/** Content of the result synthesised for a call whose real result is not in the context. */
export const MISSING_RESULT_TEXT = '[no result in context: it was removed by compaction]';

/** The repaired messages and what was changed. */
export interface RepairResult {
  messages: Message[];
  /** One line per change, for warnings and events. */
  repairs: string[];
}

/**
 * Makes a context acceptable to providers: every tool call is immediately followed by its result and every
 * tool result directly follows the assistant message that made its call.
 *
 * - A result that sits elsewhere is moved right after its call.
 * - A call with no result gets a synthesised result saying so (the model learns the call happened).
 * - A result with no call, or a second result for one call, becomes a user message that says what it is,
 *   so its text is not lost.
 * Messages are copied, never mutated.
 */
export function repairToolPairs(messages: readonly Message[]): RepairResult {
  const repairs: string[] = [];
  const callOwner = new Map<string, number>();
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    for (const call of message.toolCalls ?? []) if (!callOwner.has(call.id)) callOwner.set(call.id, index);
  });
  const resultsByCall = new Map<string, Message>();
  const strays = new Set<Message>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    const id = message.toolCallId;
    if (id === undefined || !callOwner.has(id) || resultsByCall.has(id)) strays.add(message);
    else resultsByCall.set(id, message);
  }

  const output: Message[] = [];
  const claimed = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      if (strays.has(message)) {
        output.push(strayToUserMessage(message));
        repairs.push(
          `tool result ${message.toolCallId ?? '(no id)'} had no matching call; kept as a user note`,
        );
      }
      // Paired results are emitted right after their call below.
      return;
    }
    if (message.role !== 'assistant' || !message.toolCalls?.length) {
      output.push(message);
      return;
    }
    // A call id repeated inside one context (even inside one message) is answered once; repeats are dropped.
    const calls = message.toolCalls.filter((call) => {
      if (callOwner.get(call.id) !== index || claimed.has(call.id)) return false;
      claimed.add(call.id);
      return true;
    });
    if (calls.length !== message.toolCalls.length) {
      repairs.push(`assistant message ${index} repeated a tool call id; the duplicate call was removed`);
    }
    output.push(calls.length === message.toolCalls.length ? message : withCalls(message, calls));
    for (const call of calls) {
      const result = resultsByCall.get(call.id);
      if (result) {
        output.push(result);
      } else {
        output.push({
          role: 'tool',
          toolCallId: call.id,
          toolName: call.name,
          content: MISSING_RESULT_TEXT,
          ...turnOf(message),
        });
        repairs.push(`tool call ${call.id} (${call.name}) had no result; a placeholder result was added`);
      }
    }
  });
  const moved = countMoved(messages, resultsByCall, callOwner);
  if (moved > 0) repairs.push(`${moved} tool result(s) moved next to their call`);
  return { messages: output, repairs };
}

/** True when every call has its result right after it and every result follows its call. */
export function hasValidToolPairs(messages: readonly Message[]): boolean {
  let pending: string[] = [];
  const seen = new Set<string>();
  for (const message of messages) {
    if (message.role === 'tool') {
      if (pending[0] !== message.toolCallId) return false;
      pending = pending.slice(1);
      continue;
    }
    if (pending.length > 0) return false;
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : []) {
      if (seen.has(call.id)) return false;
      seen.add(call.id);
      pending.push(call.id);
    }
  }
  return pending.length === 0;
}

function withCalls(message: Message, calls: Message['toolCalls'] & object): Message {
  const { toolCalls: _dropped, ...rest } = message;
  return calls.length > 0 ? { ...rest, toolCalls: calls } : rest;
}

function turnOf(message: Message): { turn?: number } {
  return message.turn === undefined ? {} : { turn: message.turn };
}

function strayToUserMessage(message: Message): Message {
  const label = message.toolName ?? 'a tool';
  const { toolCallId: _id, toolName: _name, isError: _error, ...rest } = message;
  const status = message.isError ? ' (it reported an error)' : '';
  return {
    ...rest,
    role: 'user',
    content: `[output of ${label} whose call is not in context${status}]\n${message.content}`,
  };
}

/** Paired results that did not sit in the block of tool messages right after their call. */
function countMoved(
  messages: readonly Message[],
  resultsByCall: ReadonlyMap<string, Message>,
  callOwner: ReadonlyMap<string, number>,
): number {
  let moved = 0;
  let blockOwner = -1;
  messages.forEach((message, index) => {
    if (message.role !== 'tool') {
      blockOwner = index;
      return;
    }
    const id = message.toolCallId;
    if (id !== undefined && resultsByCall.get(id) === message && callOwner.get(id) !== blockOwner) moved++;
  });
  return moved;
}
