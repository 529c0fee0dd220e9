import type { Attachment } from './types.js';

/**
 * The text placeholder that stands in for an attachment a format cannot hold, e.g.
 * `[image: image/png, 12345 bytes base64]` or `[file: application/pdf, report.pdf, https://example.com/r.pdf]`.
 * It names the kind, type and size or location, so a reader (or a model) knows what was there.
 */
export function describeAttachment(attachment: Attachment): string {
  const details: string[] = [];
  if (attachment.mediaType) details.push(attachment.mediaType);
  if (attachment.type === 'file' && attachment.filename) details.push(attachment.filename);
  if (attachment.data !== undefined) details.push(`${attachment.data.length} bytes base64`);
  else if (attachment.url?.startsWith('data:')) details.push(`${attachment.url.length} bytes data URL`);
  else if (attachment.url !== undefined) details.push(attachment.url);
  return `[${attachment.type}: ${details.join(', ')}]`;
}
