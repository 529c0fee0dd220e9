import type { Message } from './types.js';

/**
 * Gives tool messages without a `toolName` the name of the assistant call they answer. OpenAI and Anthropic
 * results carry only the call id; the name is what a summary needs, so converters fill it in on import.
 * Returns a new array; messages that change are copied, the input is not mutated.
 */
export function fillToolNames(messages: readonly Message[]): Message[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    for (const call of message.toolCalls ?? []) names.set(call.id, call.name);
    if (message.role !== 'tool' || message.toolName !== undefined || message.toolCallId === undefined) {
      return message;
    }
    const toolName = names.get(message.toolCallId);
    return toolName === undefined ? message : { ...message, toolName };
  });
}
