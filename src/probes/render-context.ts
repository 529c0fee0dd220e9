import type { Message } from '../messages/types.js';

/**
 * Removes the method's name from a context, so neither the model under test nor the judge can tell which method
 * made it (seed 004's blinding): the engine's `[Compacted by NAME: …]` marker, and the name itself when it is not
 * an ordinary word (a hyphenated name or a plugin path never occurs in a session by chance).
 */
export function blind(text: string, method: string): string {
  let blinded = text.replaceAll(`[Compacted by ${method}:`, '[Compacted:');
  if (/[-/@.]/.test(method)) blinded = blinded.replaceAll(method, '[method]');
  return blinded;
}

/** A context as plain text: one block per message, tool calls named with their arguments. */
export function renderContext(messages: readonly Message[]): string {
  return messages
    .map((message) => {
      const head =
        message.role === 'tool'
          ? `[tool ${message.toolName ?? ''}${message.isError ? ' error' : ''}]`
          : `[${message.role}]`;
      const calls = (message.toolCalls ?? []).map(
        (call) => `→ ${call.name}(${cutText(JSON.stringify(call.arguments), 400)})`,
      );
      return [head, message.content, ...calls].filter((part) => part !== '').join('\n');
    })
    .join('\n\n');
}

function cutText(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
