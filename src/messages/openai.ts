import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import type { ConversionResult, ConversionWarning, ExportOptions } from './conversion-types.js';
import { parseDataUrl, sniffImageMediaType, toDataUrl } from './data-url.js';
import { fillToolNames } from './fill-tool-names.js';
import { joinText } from './join-text.js';
import { openAIMessagesSchema } from './openai-schema.js';
import type {
  OpenAIAssistantMessage,
  OpenAIMessage,
  OpenAITextPart,
  OpenAIUserContentPart,
} from './openai-types.js';
import { parseMessages } from './schema.js';
import { parseToolArguments, stringifyToolArguments } from './tool-arguments.js';
import type { Attachment, ImagePart, Message } from './types.js';
import { appendPlaceholders, createUnsupportedParts, type UnsupportedParts } from './unsupported-parts.js';

const AUDIO_MEDIA_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg' } as const;
const AUDIO_FORMATS: Record<string, 'wav' | 'mp3'> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

/**
 * Converts OpenAI chat-completions messages to compactkit messages.
 *
 * `developer` becomes `system`; text parts are joined with newlines and images, audio and files become
 * attachments after the text; `tool_calls` arguments are parsed from JSON (text that is not JSON is kept as
 * the raw string); a tool message's `name` becomes `toolName`, and a tool message without one gets the name
 * of the call it answers. OpenAI has no message ids or turns: assign turns with `assignTurns` afterwards.
 * A participant `name` on other roles and refusals kept as text are reported in `warnings`.
 * @throws ValidationError listing every field that does not fit OpenAI's message shapes.
 */
export function fromOpenAIMessages(messages: readonly OpenAIMessage[]): ConversionResult {
  const parsed = openAIMessagesSchema.safeParse(messages, { reportInput: true });
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error.issues, ['messages']));
  const warnings: ConversionWarning[] = [];
  const converted = parsed.data.map((message, index) =>
    fromOpenAIMessage(message, `messages[${index}]`, warnings),
  );
  return { messages: fillToolNames(converted), warnings };
}

function fromOpenAIMessage(message: OpenAIMessage, where: string, warnings: ConversionWarning[]): Message {
  if (message.role !== 'tool' && message.name !== undefined) {
    warnings.push({
      where: `${where}.name`,
      message: `participant name "${message.name}" was dropped: compactkit messages have no name field`,
    });
  }
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content) };
    case 'user':
      return fromUserContent(message.content);
    case 'assistant':
      return fromAssistant(message, where, warnings);
    case 'tool': {
      const result: Message = {
        role: 'tool',
        content: textOf(message.content),
        toolCallId: message.tool_call_id,
      };
      if (message.name !== undefined) result.toolName = message.name;
      return result;
    }
  }
}

function fromAssistant(
  message: OpenAIAssistantMessage,
  where: string,
  warnings: ConversionWarning[],
): Message {
  const texts: string[] = [];
  const parts =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content } as const]
      : (message.content ?? []);
  parts.forEach((part, index) => {
    if (part.type === 'text') texts.push(part.text);
    else {
      warnings.push({
        where: `${where}.content[${index}]`,
        message: 'a refusal part was kept as plain text',
      });
      texts.push(part.refusal);
    }
  });
  if (message.refusal) {
    warnings.push({ where: `${where}.refusal`, message: 'the refusal was kept as plain text' });
    texts.push(message.refusal);
  }
  const result: Message = { role: 'assistant', content: joinText(texts) };
  if (message.tool_calls !== undefined) {
    result.toolCalls = message.tool_calls.map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: parseToolArguments(call.function.arguments),
    }));
  }
  return result;
}

function textOf(content: string | readonly OpenAITextPart[]): string {
  return typeof content === 'string' ? content : joinText(content.map((part) => part.text));
}

function fromUserContent(content: string | readonly OpenAIUserContentPart[]): Message {
  if (typeof content === 'string') return { role: 'user', content };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const part of content) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'image_url') {
      const image: ImagePart = { type: 'image', ...fromUrl(part.image_url.url) };
      if (part.image_url.detail !== undefined) image.detail = part.image_url.detail;
      attachments.push(image);
    } else if (part.type === 'input_audio') {
      const { data, format } = part.input_audio;
      attachments.push({ type: 'file', mediaType: AUDIO_MEDIA_TYPES[format], data });
    } else {
      // file_data is documented as a data: URL; bare base64 is accepted with an unknown media type.
      const dataUrl = parseDataUrl(part.file.file_data);
      const file = dataUrl ?? { mediaType: 'application/octet-stream', data: part.file.file_data };
      attachments.push({
        type: 'file',
        ...file,
        ...(part.file.filename !== undefined && { filename: part.file.filename }),
      });
    }
  }
  const message: Message = { role: 'user', content: joinText(texts) };
  if (attachments.length > 0) message.attachments = attachments;
  return message;
}

function fromUrl(url: string): { mediaType?: string; data?: string; url?: string } {
  return parseDataUrl(url) ?? { url };
}

/**
 * Converts compactkit messages to OpenAI chat-completions messages.
 *
 * Images, audio (wav, mp3) and inline files can only travel in user messages; anywhere else, and for files
 * known only by URL, `onUnsupportedPart` decides between an error and a text placeholder. OpenAI has no
 * fields for `id`, `turn`, `toolName` or `isError`, so those are not written.
 * @throws ValidationError for invalid messages and, by default, for attachments OpenAI cannot hold.
 */
export function toOpenAIMessages(messages: readonly Message[], options?: ExportOptions): OpenAIMessage[] {
  const valid = parseMessages(messages);
  const unsupported = createUnsupportedParts(options);
  const result = valid.map((message, index) => toOpenAIMessage(message, `messages[${index}]`, unsupported));
  unsupported.throwIfAny();
  return result;
}

function toOpenAIMessage(message: Message, where: string, unsupported: UnsupportedParts): OpenAIMessage {
  if (message.role === 'user') return { role: 'user', content: toUserContent(message, where, unsupported) };
  const placeholders: string[] = [];
  (message.attachments ?? []).forEach((attachment, index) => {
    const reason = `OpenAI ${message.role} messages cannot hold ${attachment.type === 'image' ? 'an image' : 'a file'}`;
    const text = unsupported.handle(attachment, `${where}.attachments[${index}]`, reason);
    if (text !== undefined) placeholders.push(text);
  });
  const content = appendPlaceholders(message.content, placeholders);
  switch (message.role) {
    case 'system':
      return { role: 'system', content };
    case 'tool':
      return { role: 'tool', content, tool_call_id: message.toolCallId ?? '' };
    default: {
      if (message.toolCalls === undefined) return { role: 'assistant', content };
      return {
        role: 'assistant',
        // The API itself sends null content beside tool calls; an empty string would read as an empty reply.
        content: content === '' ? null : content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: stringifyToolArguments(call.arguments) },
        })),
      };
    }
  }
}

function toUserContent(
  message: Message,
  where: string,
  unsupported: UnsupportedParts,
): string | OpenAIUserContentPart[] {
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return message.content;
  const parts: OpenAIUserContentPart[] =
    message.content === '' ? [] : [{ type: 'text', text: message.content }];
  attachments.forEach((attachment, index) => {
    const part = toUserPart(attachment);
    if (typeof part !== 'string') {
      parts.push(part);
      return;
    }
    const text = unsupported.handle(attachment, `${where}.attachments[${index}]`, part);
    if (text !== undefined) parts.push({ type: 'text', text });
  });
  return parts;
}

/** The OpenAI part for an attachment, or the reason there is none. */
function toUserPart(attachment: Attachment): OpenAIUserContentPart | string {
  const isImage = attachment.type === 'image' || attachment.mediaType.startsWith('image/');
  if (isImage) {
    const url = attachmentUrl(attachment);
    if (url === undefined)
      return 'an image given as data needs a mediaType (PNG, JPEG, GIF and WebP are recognised)';
    const detail = attachment.type === 'image' ? attachment.detail : undefined;
    return { type: 'image_url', image_url: detail === undefined ? { url } : { url, detail } };
  }
  const format = AUDIO_FORMATS[attachment.mediaType];
  if (format !== undefined && attachment.data !== undefined) {
    return { type: 'input_audio', input_audio: { data: attachment.data, format } };
  }
  const fileData =
    attachment.data !== undefined ? toDataUrl(attachment.mediaType, attachment.data) : attachment.url;
  if (fileData === undefined || !fileData.startsWith('data:')) {
    return 'OpenAI chat messages cannot reference a file by URL; give its data';
  }
  const file =
    attachment.filename === undefined
      ? { file_data: fileData }
      : { file_data: fileData, filename: attachment.filename };
  return { type: 'file', file };
}

function attachmentUrl(attachment: Attachment): string | undefined {
  if (attachment.data === undefined) return attachment.url;
  const mediaType = attachment.mediaType ?? sniffImageMediaType(attachment.data);
  return mediaType === undefined ? undefined : toDataUrl(mediaType, attachment.data);
}
