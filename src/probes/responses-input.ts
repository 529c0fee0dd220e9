import { describeAttachment } from '../messages/describe-attachment.js';
import { stringifyToolArguments } from '../messages/tool-arguments.js';
import type { Message } from '../messages/types.js';

/** An input item of OpenAI's Responses API, of the kinds a transcript needs. */
export type ResponsesInputItem =
  | { type: 'message'; role: 'user' | 'assistant' | 'system'; content: string }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string };

/** What was never answered: the API refuses a function call with no output after it. */
const NO_OUTPUT = '[no output was recorded for this call]';

/**
 * A transcript as Responses API input: the leading system messages become `instructions`; user and assistant
 * text become `message` items, tool calls `function_call` items (arguments as JSON text) and tool results
 * `function_call_output` items. A call the transcript never answered gets a placeholder output (the API rejects a
 * call without one), and a result whose call is not in the transcript becomes a user message that says so, so
 * nothing is dropped. Attachments become text placeholders.
 */
export function toResponsesInput(messages: readonly Message[]): {
  instructions: string | undefined;
  input: ResponsesInputItem[];
} {
  const start = messages.findIndex((message) => message.role !== 'system');
  const leading = start === -1 ? messages : messages.slice(0, start);
  const system = leading.map(textOf);
  const input: ResponsesInputItem[] = [];
  const open = new Set<string>();
  const closeOpenCalls = () => {
    for (const id of open) input.push({ type: 'function_call_output', call_id: id, output: NO_OUTPUT });
    open.clear();
  };
  for (const message of messages.slice(leading.length)) {
    if (message.role === 'tool') {
      const id = message.toolCallId;
      if (id !== undefined && open.delete(id)) {
        input.push({ type: 'function_call_output', call_id: id, output: toolOutput(message) });
      } else {
        const name = message.toolName ? ` ${message.toolName}` : '';
        input.push({
          type: 'message',
          role: 'user',
          content: `[tool result${name}]\n${toolOutput(message)}`,
        });
      }
      continue;
    }
    closeOpenCalls();
    const content = textOf(message);
    if (content !== '' || message.toolCalls === undefined)
      input.push({ type: 'message', role: message.role, content });
    for (const call of message.toolCalls ?? []) {
      input.push({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: stringifyToolArguments(call.arguments),
      });
      open.add(call.id);
    }
  }
  closeOpenCalls();
  return { instructions: system.length > 0 ? system.join('\n\n') : undefined, input };
}

function textOf(message: Message): string {
  const placeholders = (message.attachments ?? []).map(describeAttachment);
  return [message.content, ...placeholders].filter((part) => part !== '').join('\n');
}

function toolOutput(message: Message): string {
  const text = textOf(message);
  return message.isError ? `[error] ${text}` : text;
}
