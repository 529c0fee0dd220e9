import { createHash, type Hash } from 'node:crypto';
import type { Message } from '../messages/types.js';
import { toolCallArgumentsText } from './count-message-tokens.js';

/**
 * SHA-1 of everything that decides a message's token count (role, content, tool calls, `toolCallId`,
 * `toolName`, attachments), so that an equal message in a fresh object, e.g. re-parsed from JSON, finds its
 * count. SHA-1 is used as a fast content fingerprint here, not for security.
 */
export function messageCacheKey(message: Message): string {
  const hash = createHash('sha1');
  addField(hash, message.role);
  addField(hash, message.content);
  addField(hash, message.toolCallId);
  addField(hash, message.toolName);
  const toolCalls = message.toolCalls ?? [];
  addField(hash, String(toolCalls.length));
  for (const call of toolCalls) {
    addField(hash, call.name);
    addField(hash, toolCallArgumentsText(call));
  }
  const attachments = message.attachments ?? [];
  addField(hash, String(attachments.length));
  for (const part of attachments) {
    addField(hash, part.type);
    addField(hash, part.mediaType);
    addField(hash, part.data);
    addField(hash, part.url);
    if (part.type === 'image') {
      addField(hash, part.detail);
      addField(hash, part.width === undefined ? undefined : String(part.width));
      addField(hash, part.height === undefined ? undefined : String(part.height));
    }
  }
  return hash.digest('base64');
}

// Each field is prefixed with its length (or `-` when absent) so that no two different messages feed the same
// bytes to the hash: `{content: 'ab', toolName: 'c'}` differs from `{content: 'a', toolName: 'bc'}`.
function addField(hash: Hash, value: string | undefined): void {
  if (value === undefined) {
    hash.update('-|');
    return;
  }
  hash.update(`${value.length}|`);
  hash.update(value);
}
