import { ValidationError } from '../errors.js';
import { fromProviderOptions } from './ai-sdk-data.js';
import type {
  AiSdkToolResultContentItem,
  AiSdkToolResultOutput,
  AiSdkToolResultPart,
} from './ai-sdk-types.js';
import type { ConversionWarning } from './conversion-types.js';
import { sniffImageMediaType } from './data-url.js';
import { joinText } from './join-text.js';
import type { Attachment, Message } from './types.js';
import { appendPlaceholders, type UnsupportedParts } from './unsupported-parts.js';

/**
 * Reads one AI SDK tool result as a compactkit tool message: `json` values are serialised, `error-*` outputs
 * set `isError`, `content` items become text and attachments, and a denied execution becomes an error result
 * (with a warning, since the SDK's distinction is lost).
 */
export function fromToolResultPart(
  part: AiSdkToolResultPart,
  where: string,
  warnings: ConversionWarning[],
): Message {
  const own = fromProviderOptions(part.providerOptions, where, warnings);
  const base: Message = {
    ...own,
    role: 'tool',
    content: '',
    toolCallId: part.toolCallId,
    toolName: part.toolName,
  };
  const { output } = part;
  switch (output.type) {
    case 'text':
      return { ...base, content: output.value };
    case 'json':
      return { ...base, content: JSON.stringify(output.value) };
    case 'error-text':
      return { ...base, content: output.value, isError: true };
    case 'error-json':
      return { ...base, content: JSON.stringify(output.value), isError: true };
    case 'execution-denied':
      warnings.push({ where: `${where}.output`, message: 'a denied execution became an error result' });
      return { ...base, content: output.reason ?? 'Tool execution denied.', isError: true };
    case 'content':
      return { ...base, ...fromContentItems(output.value, `${where}.output.value`) };
  }
}

function fromContentItems(
  items: readonly AiSdkToolResultContentItem[],
  where: string,
): Pick<Message, 'content' | 'attachments'> {
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  items.forEach((item, index) => {
    if (item.type === 'text') texts.push(item.text);
    else if (item.type === 'image-data')
      attachments.push({ type: 'image', mediaType: item.mediaType, data: item.data });
    else if (item.type === 'image-url') attachments.push({ type: 'image', url: item.url });
    else if (item.type === 'file-url') {
      attachments.push({
        type: 'file',
        mediaType: item.mediaType ?? 'application/octet-stream',
        url: item.url,
      });
    } else if (item.type === 'file-data') {
      const filename = item.filename === undefined ? {} : { filename: item.filename };
      attachments.push({ type: 'file', mediaType: item.mediaType, data: item.data, ...filename });
    } else if (item.type === 'media') {
      const type = item.mediaType.startsWith('image/') ? 'image' : 'file';
      attachments.push({ type, mediaType: item.mediaType, data: item.data });
    } else {
      // The schema rejects provider file ids and custom items; reaching here means a caller bypassed it.
      throw new ValidationError([
        { where: `${where}[${index}]`, message: `${item.type} items cannot be imported` },
      ]);
    }
  });
  return attachments.length > 0 ? { content: joinText(texts), attachments } : { content: joinText(texts) };
}

/**
 * The AI SDK output for a compactkit tool message: `text`, `error-text`, or `content` when it has attachments.
 * An error output has no room for media, so attachments on an error result go through `unsupported`.
 */
export function toToolOutput(
  message: Message,
  where: string,
  unsupported: UnsupportedParts,
): AiSdkToolResultOutput {
  const attachments = message.attachments ?? [];
  if (message.isError === true) {
    const placeholders: string[] = [];
    attachments.forEach((attachment, index) => {
      const reason = 'AI SDK error results cannot hold attachments';
      const text = unsupported.handle(attachment, `${where}.attachments[${index}]`, reason);
      if (text !== undefined) placeholders.push(text);
    });
    return { type: 'error-text', value: appendPlaceholders(message.content, placeholders) };
  }
  if (attachments.length === 0) return { type: 'text', value: message.content };
  const items: AiSdkToolResultContentItem[] =
    message.content === '' ? [] : [{ type: 'text', text: message.content }];
  attachments.forEach((attachment, index) => {
    const item = toContentItem(attachment);
    if (typeof item !== 'string') {
      items.push(item);
      return;
    }
    const placeholder = unsupported.handle(attachment, `${where}.attachments[${index}]`, item);
    if (placeholder !== undefined) items.push({ type: 'text', text: placeholder });
  });
  return { type: 'content', value: items };
}

/** The tool-output item for an attachment, or the reason there is none. */
function toContentItem(attachment: Attachment): AiSdkToolResultContentItem | string {
  if (attachment.type === 'file') {
    if (attachment.data === undefined) {
      return { type: 'file-url', url: attachment.url ?? '', mediaType: attachment.mediaType };
    }
    const item = { type: 'file-data' as const, data: attachment.data, mediaType: attachment.mediaType };
    return attachment.filename === undefined ? item : { ...item, filename: attachment.filename };
  }
  if (attachment.data === undefined) return { type: 'image-url', url: attachment.url ?? '' };
  const mediaType = attachment.mediaType ?? sniffImageMediaType(attachment.data);
  if (mediaType === undefined) {
    return 'an image given as data needs a mediaType (PNG, JPEG, GIF and WebP are recognised)';
  }
  return { type: 'image-data', data: attachment.data, mediaType };
}
