import { ValidationError } from '../errors.js';

/** The message formats compactkit reads. `compactkit` is also what plain `{role, content}` messages are. */
export type MessageFormat = 'compactkit' | 'openai' | 'anthropic' | 'ai-sdk';

/** A shape that only one format has, and what it was. */
interface FormatMarker {
  format: MessageFormat;
  reason: string;
}

const PART_MARKERS: Record<string, MessageFormat> = {
  tool_use: 'anthropic',
  tool_result: 'anthropic',
  thinking: 'anthropic',
  redacted_thinking: 'anthropic',
  document: 'anthropic',
  image_url: 'openai',
  input_audio: 'openai',
  refusal: 'openai',
  'tool-call': 'ai-sdk',
  'tool-result': 'ai-sdk',
  reasoning: 'ai-sdk',
  'tool-approval-request': 'ai-sdk',
  'tool-approval-response': 'ai-sdk',
};

const KEY_MARKERS: Record<string, MessageFormat> = {
  tool_calls: 'openai',
  tool_call_id: 'openai',
  name: 'openai',
  providerOptions: 'ai-sdk',
  toolCalls: 'compactkit',
  toolCallId: 'compactkit',
  toolName: 'compactkit',
  isError: 'compactkit',
  attachments: 'compactkit',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first shape in one raw message that only one format has, if any. */
function findMarker(message: unknown): FormatMarker | undefined {
  if (!isRecord(message)) return undefined;
  if (message.role === 'developer') return { format: 'openai', reason: 'role developer' };
  for (const key of Object.keys(message)) {
    const format = KEY_MARKERS[key];
    if (format !== undefined) return { format, reason: `a ${key} field` };
  }
  if (!Array.isArray(message.content)) return undefined;
  for (const part of message.content) {
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    const format = PART_MARKERS[part.type];
    if (format !== undefined) return { format, reason: `a ${part.type} part` };
    if (part.type === 'image' && 'source' in part)
      return { format: 'anthropic', reason: 'an image block with source' };
    if (part.type === 'image' && 'image' in part)
      return { format: 'ai-sdk', reason: 'an image part with image' };
    if (part.type === 'file' && 'file' in part) return { format: 'openai', reason: 'a file part with file' };
    if (part.type === 'file' && 'data' in part) return { format: 'ai-sdk', reason: 'a file part with data' };
  }
  return undefined;
}

/**
 * Tells which format raw messages are in from shapes only one format has: `tool_use`/`tool_result` blocks mean
 * Anthropic; `tool_calls`, `image_url` or a `developer` role mean OpenAI; `tool-call`/`tool-result` parts mean
 * the AI SDK; `toolCalls` or `attachments` mean compactkit. With no such shape, string contents are read as
 * compactkit (the same as plain OpenAI-compatible messages) and content arrays as OpenAI.
 * `locate` names a message in errors (default `messages[3]`).
 * @throws ValidationError when messages show the marks of two formats; pass the format explicitly then.
 */
export function detectMessageFormat(
  messages: readonly unknown[],
  locate: (index: number) => string = (index) => `messages[${index}]`,
): MessageFormat {
  let first: (FormatMarker & { index: number }) | undefined;
  for (const [index, message] of messages.entries()) {
    const marker = findMarker(message);
    if (marker === undefined) continue;
    if (first === undefined) first = { ...marker, index };
    else if (marker.format !== first.format) {
      const message = `has ${marker.reason} (${marker.format}) but ${locate(first.index)} has ${first.reason} (${first.format}); convert the messages to one format, or pass the format to read them as`;
      throw new ValidationError([{ where: locate(index), message }]);
    }
  }
  if (first !== undefined) return first.format;
  const arrays = messages.some(
    (message) => isRecord(message) && (Array.isArray(message.content) || message.content === null),
  );
  return arrays ? 'openai' : 'compactkit';
}
