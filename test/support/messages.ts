import type { Message } from '../../src/messages/types.js';

/** A user message of a turn. */
export function user(content: string, turn: number): Message {
  return { role: 'user', content, turn };
}

/** An assistant message of a turn, with the tool calls it makes, if any. */
export function assistant(content: string, turn: number, toolCalls?: Message['toolCalls']): Message {
  return { role: 'assistant', content, turn, ...(toolCalls ? { toolCalls } : {}) };
}

/** A tool's output for the call `id`, marked as an error when `isError`. */
export function tool(id: string, name: string, content: string, turn: number, isError = false): Message {
  return { role: 'tool', toolCallId: id, toolName: name, content, turn, ...(isError ? { isError } : {}) };
}

/** Whether an item of the list holds `needle`. */
export const holdsText = (list: readonly string[], needle: string) =>
  list.some((item) => item.includes(needle));
