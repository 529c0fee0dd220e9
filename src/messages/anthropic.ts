import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import { anthropicMessagesSchema, anthropicSystemSchema } from './anthropic-schema.js';
import type {
  AnthropicContentBlock,
  AnthropicConversation,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
} from './anthropic-types.js';
import type { ConversionResult, ConversionWarning, ExportOptions } from './conversion-types.js';
import { parseDataUrl, sniffImageMediaType } from './data-url.js';
import { fillToolNames } from './fill-tool-names.js';
import { joinText } from './join-text.js';
import { parseMessages } from './schema.js';
import type { Attachment, Message } from './types.js';
import { appendPlaceholders, createUnsupportedParts, type UnsupportedParts } from './unsupported-parts.js';

type MediaBlock = AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock;

/** Image types the Messages API accepts. */
const IMAGE_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Prefix of a system message that had to travel as user text because it was not at the start. */
export const SYSTEM_TEXT_PREFIX = '[system] ';

/**
 * Converts Anthropic Messages API messages (and the optional `system` prompt) to compactkit messages.
 *
 * A user message's `tool_result` blocks become `tool` messages, in order; its other blocks (text, images,
 * documents) become one user message placed after those tool messages, since the API puts results first.
 * `tool_use` blocks become the assistant's `toolCalls` (`arguments` is the `input`), and tool messages get the
 * name of the call they answer. Thinking and redacted thinking blocks are not kept, because they are only
 * valid with their signature on the same model: each one dropped is listed in `warnings`.
 * Anthropic has no message ids or turns: assign turns with `assignTurns` afterwards.
 * @throws ValidationError listing every field that does not fit Anthropic's message shapes.
 */
export function fromAnthropicMessages(
  messages: readonly AnthropicMessage[],
  options: { system?: string | AnthropicTextBlock[] } = {},
): ConversionResult {
  const parsed = anthropicMessagesSchema.safeParse(messages, { reportInput: true });
  const system = anthropicSystemSchema.optional().safeParse(options.system, { reportInput: true });
  const issues = [
    ...(system.success ? [] : issuesFromZod(system.error.issues, ['system'])),
    ...(parsed.success ? [] : issuesFromZod(parsed.error.issues, ['messages'])),
  ];
  if (!parsed.success || !system.success) throw new ValidationError(issues);
  const result: Message[] = [];
  const systemText =
    typeof system.data === 'string' ? system.data : joinText((system.data ?? []).map((block) => block.text));
  if (systemText !== '') result.push({ role: 'system', content: systemText });
  const warnings: ConversionWarning[] = [];
  parsed.data.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (typeof message.content === 'string') result.push({ role: message.role, content: message.content });
    else if (message.role === 'assistant') result.push(fromAssistantBlocks(message.content, where, warnings));
    else result.push(...fromUserBlocks(message.content));
  });
  return { messages: fillToolNames(result), warnings };
}

function fromAssistantBlocks(
  blocks: readonly AnthropicContentBlock[],
  where: string,
  warnings: ConversionWarning[],
): Message {
  const texts: string[] = [];
  const message: Message = { role: 'assistant', content: '' };
  blocks.forEach((block, index) => {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      message.toolCalls = [
        ...(message.toolCalls ?? []),
        { id: block.id, name: block.name, arguments: block.input },
      ];
    } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      const size = block.type === 'thinking' ? `${block.thinking.length} characters` : 'encrypted';
      warnings.push({
        where: `${where}.content[${index}]`,
        message: `dropped a ${block.type} block (${size}): compactkit messages do not keep model reasoning`,
      });
    }
  });
  message.content = joinText(texts);
  return message;
}

function fromUserBlocks(blocks: readonly AnthropicContentBlock[]): Message[] {
  const tools: Message[] = [];
  const user: MediaBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') tools.push(fromToolResult(block));
    else if (block.type === 'text' || block.type === 'image' || block.type === 'document') user.push(block);
  }
  // A message of tool results alone yields no user message; an empty block list still yields one.
  if (tools.length > 0 && user.length === 0) return tools;
  return [...tools, { role: 'user', ...fromMediaBlocks(user) }];
}

function fromToolResult(block: AnthropicToolResultBlock): Message {
  const content =
    typeof block.content === 'string' ? { content: block.content } : fromMediaBlocks(block.content ?? []);
  const message: Message = { role: 'tool', ...content, toolCallId: block.tool_use_id };
  if (block.is_error !== undefined) message.isError = block.is_error;
  return message;
}

function fromMediaBlocks(blocks: readonly MediaBlock[]): Pick<Message, 'content' | 'attachments'> {
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const block of blocks) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'image') {
      const { source } = block;
      attachments.push(
        source.type === 'url'
          ? { type: 'image', url: source.url }
          : { type: 'image', mediaType: source.media_type, data: source.data },
      );
    } else attachments.push(fromDocument(block));
  }
  return attachments.length > 0 ? { content: joinText(texts), attachments } : { content: joinText(texts) };
}

function fromDocument(block: AnthropicDocumentBlock): Attachment {
  const { source } = block;
  const title = block.title === undefined ? {} : { filename: block.title };
  // URL documents are PDFs in the Messages API; text sources are stored as base64 like every other file.
  if (source.type === 'url') return { type: 'file', mediaType: 'application/pdf', url: source.url, ...title };
  const data = source.type === 'text' ? Buffer.from(source.data, 'utf8').toString('base64') : source.data;
  return { type: 'file', mediaType: source.media_type, data, ...title };
}

/**
 * Converts compactkit messages to an Anthropic Messages API conversation.
 *
 * System messages at the start become `system` (joined by blank lines). A system message later on becomes user
 * text prefixed with `[system] `, since the API has no system role inside the conversation; it is not turned
 * back into a system message on import, so that user text can never gain system authority. Consecutive tool
 * messages merge into one user message of `tool_result` blocks, and a user message right after them joins that
 * message, which is how the API expects results and the next request. `id` and `turn` have no field in this
 * format and are not written; attachments the API cannot hold follow `onUnsupportedPart`.
 * @throws ValidationError for invalid messages and, by default, for attachments Anthropic cannot hold.
 */
export function toAnthropicMessages(
  messages: readonly Message[],
  options?: ExportOptions,
): AnthropicConversation {
  const valid = parseMessages(messages);
  const unsupported = createUnsupportedParts(options);
  const systemTexts: string[] = [];
  let start = 0;
  for (; start < valid.length && valid[start]?.role === 'system'; start++) {
    const message = valid[start]!;
    systemTexts.push(
      appendPlaceholders(message.content, placeholdersFor(message, `messages[${start}]`, unsupported)),
    );
  }
  const output: AnthropicMessage[] = [];
  let openToolMessage: AnthropicContentBlock[] | undefined;
  for (let index = start; index < valid.length; index++) {
    const message = valid[index]!;
    const where = `messages[${index}]`;
    if (message.role === 'tool') {
      if (openToolMessage === undefined) {
        openToolMessage = [];
        output.push({ role: 'user', content: openToolMessage });
      }
      openToolMessage.push(toToolResult(message, where, unsupported));
    } else if (message.role === 'assistant') {
      openToolMessage = undefined;
      output.push({ role: 'assistant', content: toAssistantContent(message, where, unsupported) });
    } else {
      const text = message.role === 'system' ? SYSTEM_TEXT_PREFIX + message.content : message.content;
      const blocks = toMediaBlocks(text, message.attachments ?? [], where, unsupported);
      if (openToolMessage !== undefined) openToolMessage.push(...blocks);
      else output.push({ role: 'user', content: message.attachments?.length ? blocks : text });
      openToolMessage = undefined;
    }
  }
  unsupported.throwIfAny();
  return systemTexts.length > 0
    ? { system: systemTexts.join('\n\n'), messages: output }
    : { messages: output };
}

function placeholdersFor(message: Message, where: string, unsupported: UnsupportedParts): string[] {
  const placeholders: string[] = [];
  (message.attachments ?? []).forEach((attachment, index) => {
    const text = unsupported.handle(
      attachment,
      `${where}.attachments[${index}]`,
      `Anthropic ${message.role} messages cannot hold attachments`,
    );
    if (text !== undefined) placeholders.push(text);
  });
  return placeholders;
}

function toAssistantContent(
  message: Message,
  where: string,
  unsupported: UnsupportedParts,
): string | AnthropicContentBlock[] {
  const text = appendPlaceholders(message.content, placeholdersFor(message, where, unsupported));
  if (message.toolCalls === undefined) return text;
  const blocks: AnthropicContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  for (const call of message.toolCalls)
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
  return blocks;
}

function toToolResult(
  message: Message,
  where: string,
  unsupported: UnsupportedParts,
): AnthropicToolResultBlock {
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: message.toolCallId ?? '' };
  if (message.attachments?.length)
    block.content = toMediaBlocks(message.content, message.attachments, where, unsupported);
  else if (message.content !== '') block.content = message.content;
  if (message.isError !== undefined) block.is_error = message.isError;
  return block;
}

function toMediaBlocks(
  text: string,
  attachments: readonly Attachment[],
  where: string,
  unsupported: UnsupportedParts,
): MediaBlock[] {
  const blocks: MediaBlock[] = text === '' ? [] : [{ type: 'text', text }];
  attachments.forEach((attachment, index) => {
    const block = toMediaBlock(attachment);
    if (typeof block !== 'string') {
      blocks.push(block);
      return;
    }
    const placeholder = unsupported.handle(attachment, `${where}.attachments[${index}]`, block);
    if (placeholder !== undefined) blocks.push({ type: 'text', text: placeholder });
  });
  return blocks;
}

/** The Anthropic block for an attachment, or the reason there is none. */
function toMediaBlock(attachment: Attachment): AnthropicImageBlock | AnthropicDocumentBlock | string {
  const inline =
    attachment.data !== undefined
      ? { mediaType: attachment.mediaType, data: attachment.data }
      : parseDataUrl(attachment.url ?? '');
  const title =
    attachment.type === 'file' && attachment.filename !== undefined ? { title: attachment.filename } : {};
  if (attachment.type === 'image' || attachment.mediaType.startsWith('image/')) {
    if (inline === undefined) return { type: 'image', source: { type: 'url', url: attachment.url ?? '' } };
    const mediaType = inline.mediaType ?? sniffImageMediaType(inline.data);
    if (mediaType === undefined || !IMAGE_MEDIA_TYPES.has(mediaType)) {
      return `Anthropic accepts JPEG, PNG, GIF and WebP images, not ${mediaType ?? 'an image without mediaType'}`;
    }
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data: inline.data } };
  }
  if (attachment.mediaType === 'application/pdf') {
    const source =
      inline === undefined
        ? { type: 'url' as const, url: attachment.url ?? '' }
        : { type: 'base64' as const, media_type: 'application/pdf', data: inline.data };
    return { type: 'document', source, ...title };
  }
  if (attachment.mediaType === 'text/plain' && inline !== undefined) {
    const data = Buffer.from(inline.data, 'base64').toString('utf8');
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data }, ...title };
  }
  return `Anthropic documents must be PDF or inline plain text, not ${attachment.mediaType}${inline ? '' : ' by URL'}`;
}
