import type { Message } from '../../messages/types.js';

/**
 * Writes messages as plain text, one message per block: `[turn 3] user: …`, assistant tool calls as
 * `[turn 3] assistant calls read_file {"path":"a.ts"}`, tool output as `[turn 3] tool read_file: …`. Nothing
 * is dropped or reworded, so the text carries every fact the messages do.
 */
export function renderTranscriptText(messages: readonly Message[]): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const label = message.turn === undefined ? '' : `[turn ${message.turn}] `;
    if (message.role === 'tool') {
      const failed = message.isError === true ? ' (failed)' : '';
      blocks.push(`${label}tool ${message.toolName ?? 'output'}${failed}: ${message.content}`);
      continue;
    }
    if (message.content !== '' || (message.toolCalls ?? []).length === 0) {
      blocks.push(`${label}${message.role}: ${message.content}`);
    }
    for (const call of message.toolCalls ?? []) {
      blocks.push(`${label}${message.role} calls ${call.name} ${JSON.stringify(call.arguments)}`);
    }
  }
  return blocks.join('\n');
}
