import type { Message, ToolCall } from '../../src/messages/types.js';

/** Tiny builders for readable transcripts in tests. */
export const user = (content: string): Message => ({ role: 'user', content });
export const system = (content: string): Message => ({ role: 'system', content });
export const assistant = (content: string, toolCalls?: ToolCall[]): Message =>
  toolCalls ? { role: 'assistant', content, toolCalls } : { role: 'assistant', content };
export const result = (toolCallId: string, content: string, isError = false): Message =>
  isError ? { role: 'tool', toolCallId, content, isError } : { role: 'tool', toolCallId, content };
export const call = (id: string, name: string, args: unknown): ToolCall => ({ id, name, arguments: args });

/** A plain turn: a user request, one tool call with its result, and a reply. */
export function workTurn(index: number, options: { request?: string; outputLines?: number } = {}): Message[] {
  const id = `call_${index}`;
  const output = Array.from(
    { length: options.outputLines ?? 5 },
    (_, line) => `line ${line} of output ${index}`,
  ).join('\n');
  return [
    user(options.request ?? `Please look at module ${index}.`),
    assistant(`Reading module ${index}.`, [call(id, 'read_file', { path: `src/module-${index}.ts` })]),
    result(id, output),
    assistant(`Module ${index} looks fine.`),
  ];
}

/** `count` work turns, with optional overrides per turn index. */
export function transcript(count: number, overrides: Record<number, Message[]> = {}): Message[] {
  return Array.from({ length: count }, (_, index) => overrides[index] ?? workTurn(index)).flat();
}

/** All text a model would see, joined. */
export function textOf(messages: readonly Message[]): string {
  return messages.map((message) => message.content).join('\n');
}
