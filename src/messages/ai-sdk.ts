import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import {
  detailFromProviderOptions,
  fromDataContent,
  fromProviderOptions,
  toProviderOptions,
} from './ai-sdk-data.js';
import { modelMessagesSchema } from './ai-sdk-schema.js';
import { fromToolResultPart, toToolOutput } from './ai-sdk-tool-output.js';
import type {
  AiSdkAssistantPart,
  AiSdkFilePart,
  AiSdkImagePart,
  AiSdkModelMessage,
  AiSdkTextPart,
  AiSdkToolResultPart,
} from './ai-sdk-types.js';
import type { ConversionResult, ConversionWarning, ExportOptions } from './conversion-types.js';
import { sniffImageMediaType } from './data-url.js';
import { fillToolNames } from './fill-tool-names.js';
import { joinText } from './join-text.js';
import { parseMessages } from './schema.js';
import type { Attachment, Message } from './types.js';
import { appendPlaceholders, createUnsupportedParts } from './unsupported-parts.js';

type Warnings = ConversionWarning[];

/**
 * Converts AI SDK v6 `ModelMessage`s to compactkit messages.
 *
 * Text parts are joined with newlines; images and files become attachments (an image given as a `file` part
 * stays a file); `tool-call` parts become `toolCalls` (`arguments` is the `input`); each `tool-result` becomes
 * a tool message, its output as text (`json` values serialised, `error-*` outputs with `isError`, `content`
 * items as text and attachments). `id` and `turn` are read back from `providerOptions.compactkit`.
 * Reasoning parts, tool approvals and denied executions are reported in `warnings`; results the SDK placed in
 * an assistant message (provider-executed tools) become tool messages right after it, also with a warning.
 * @throws ValidationError listing every field that does not fit the `ModelMessage` shapes.
 */
export function fromModelMessages(messages: readonly AiSdkModelMessage[]): ConversionResult {
  const parsed = modelMessagesSchema.safeParse(messages, { reportInput: true });
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error.issues, ['messages']));
  const warnings: Warnings = [];
  const result: Message[] = [];
  parsed.data.forEach((message, index) => {
    const where = `messages[${index}]`;
    const own = fromProviderOptions(message.providerOptions, where, warnings);
    if (message.role === 'system') result.push({ ...own, role: 'system', content: message.content });
    else if (message.role === 'user')
      result.push({ ...own, role: 'user', ...fromUserContent(message.content) });
    else if (message.role === 'assistant')
      result.push(...fromAssistantContent(message.content, own, where, warnings));
    else {
      message.content.forEach((part, partIndex) => {
        const partWhere = `${where}.content[${partIndex}]`;
        if (part.type === 'tool-result') result.push(fromToolResultPart(part, partWhere, warnings));
        else
          warnings.push({
            where: partWhere,
            message: 'dropped a tool-approval-response: approvals are not kept',
          });
      });
    }
  });
  return { messages: fillToolNames(result), warnings };
}

function fromUserContent(
  content: string | (AiSdkTextPart | AiSdkImagePart | AiSdkFilePart)[],
): Pick<Message, 'content' | 'attachments'> {
  if (typeof content === 'string') return { content };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const part of content) {
    if (part.type === 'text') texts.push(part.text);
    else attachments.push(fromMediaPart(part));
  }
  return attachments.length > 0 ? { content: joinText(texts), attachments } : { content: joinText(texts) };
}

function fromMediaPart(part: AiSdkImagePart | AiSdkFilePart): Attachment {
  if (part.type === 'file') {
    // The part's own mediaType wins over one inside a data: URL.
    const source = fromDataContent(part.data);
    return {
      type: 'file',
      mediaType: part.mediaType,
      ...('data' in source ? { data: source.data } : source),
      ...(part.filename !== undefined && { filename: part.filename }),
    };
  }
  const source = fromDataContent(part.image);
  const mediaType = part.mediaType ?? ('mediaType' in source ? source.mediaType : undefined);
  const detail = detailFromProviderOptions(part.providerOptions);
  return {
    type: 'image',
    ...(mediaType !== undefined && { mediaType }),
    ...('data' in source ? { data: source.data } : source),
    ...(detail !== undefined && { detail }),
  };
}

function fromAssistantContent(
  content: string | AiSdkAssistantPart[],
  own: Pick<Message, 'id' | 'turn'>,
  where: string,
  warnings: Warnings,
): Message[] {
  const message: Message = { ...own, role: 'assistant', content: typeof content === 'string' ? content : '' };
  if (typeof content === 'string') return [message];
  const texts: string[] = [];
  const results: Message[] = [];
  content.forEach((part, index) => {
    const partWhere = `${where}.content[${index}]`;
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'file')
      message.attachments = [...(message.attachments ?? []), fromMediaPart(part)];
    else if (part.type === 'tool-call') {
      const call = { id: part.toolCallId, name: part.toolName, arguments: part.input };
      message.toolCalls = [...(message.toolCalls ?? []), call];
    } else if (part.type === 'tool-result') {
      results.push(fromToolResultPart(part, partWhere, warnings));
      warnings.push({
        where: partWhere,
        message: 'a tool result inside an assistant message became a tool message after it',
      });
    } else {
      const what =
        part.type === 'reasoning'
          ? `a reasoning part (${part.text.length} characters)`
          : 'a tool-approval-request';
      warnings.push({ where: partWhere, message: `dropped ${what}: compactkit messages do not keep it` });
    }
  });
  message.content = joinText(texts);
  return [message, ...results];
}

/**
 * Converts compactkit messages to AI SDK v6 `ModelMessage`s, ready for `generateText({ messages })`.
 *
 * Consecutive tool messages merge into one tool message of `tool-result` parts; a tool message without
 * `toolName` takes the name of the call it answers. `id` and `turn` travel in `providerOptions.compactkit`
 * (on the tool-result part for tool messages), and an image's `detail` in `providerOptions.openai.imageDetail`.
 * Assistant messages take files only, so an image there goes as a `file` part with an image media type.
 * System messages and error results cannot hold attachments: `onUnsupportedPart` decides.
 * @throws ValidationError for invalid messages, tool results whose tool name is unknown and, by default,
 * attachments the SDK cannot hold.
 */
export function toModelMessages(messages: readonly Message[], options?: ExportOptions): AiSdkModelMessage[] {
  const valid = fillToolNames(parseMessages(messages));
  const unsupported = createUnsupportedParts(options);
  const output: AiSdkModelMessage[] = [];
  let openTool: AiSdkToolResultPart[] | undefined;
  valid.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (message.role !== 'tool') openTool = undefined;
    if (message.role === 'system') {
      const placeholders: string[] = [];
      (message.attachments ?? []).forEach((attachment, attachmentIndex) => {
        const reason = 'AI SDK system messages cannot hold attachments';
        const text = unsupported.handle(attachment, `${where}.attachments[${attachmentIndex}]`, reason);
        if (text !== undefined) placeholders.push(text);
      });
      const content = appendPlaceholders(message.content, placeholders);
      output.push({ role: 'system', content, ...toProviderOptions(message) });
    } else if (message.role === 'user') {
      const attachments = message.attachments ?? [];
      const content =
        attachments.length === 0
          ? message.content
          : [...textParts(message.content), ...attachments.map(toMediaPart)];
      output.push({ role: 'user', content, ...toProviderOptions(message) });
    } else if (message.role === 'assistant') {
      output.push({ role: 'assistant', content: toAssistantContent(message), ...toProviderOptions(message) });
    } else if (message.toolName === undefined) {
      const reason = `AI SDK tool results name their tool; set toolName or include the assistant call ${message.toolCallId}`;
      unsupported.reject(`${where}.toolName`, reason);
    } else {
      if (openTool === undefined) {
        openTool = [];
        output.push({ role: 'tool', content: openTool });
      }
      openTool.push({
        type: 'tool-result',
        toolCallId: message.toolCallId ?? '',
        toolName: message.toolName,
        output: toToolOutput(message, where, unsupported),
        ...toProviderOptions(message),
      });
    }
  });
  unsupported.throwIfAny();
  return output;
}

function textParts(text: string): AiSdkTextPart[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

function toFilePart(data: string, mediaType: string, filename: string | undefined): AiSdkFilePart {
  return filename === undefined
    ? { type: 'file', data, mediaType }
    : { type: 'file', data, mediaType, filename };
}

function toMediaPart(attachment: Attachment): AiSdkImagePart | AiSdkFilePart {
  const data = attachment.data ?? attachment.url ?? '';
  if (attachment.type === 'file') return toFilePart(data, attachment.mediaType, attachment.filename);
  const image: AiSdkImagePart = { type: 'image', image: data };
  if (attachment.mediaType !== undefined) image.mediaType = attachment.mediaType;
  if (attachment.detail !== undefined) image.providerOptions = { openai: { imageDetail: attachment.detail } };
  return image;
}

function toAssistantContent(message: Message): string | AiSdkAssistantPart[] {
  const attachments = message.attachments ?? [];
  if (message.toolCalls === undefined && attachments.length === 0) return message.content;
  const files = attachments.map((attachment) => {
    const data = attachment.data ?? attachment.url ?? '';
    if (attachment.type === 'file') return toFilePart(data, attachment.mediaType, attachment.filename);
    const sniffed = attachment.data === undefined ? undefined : sniffImageMediaType(attachment.data);
    return toFilePart(data, attachment.mediaType ?? sniffed ?? 'image/*', undefined);
  });
  const calls = (message.toolCalls ?? []).map((call) => ({
    type: 'tool-call' as const,
    toolCallId: call.id,
    toolName: call.name,
    input: call.arguments,
  }));
  return [...textParts(message.content), ...files, ...calls];
}
