import type { Message, ToolCall } from '../messages/types.js';
import { estimateAttachmentTokens } from './estimate-attachment-tokens.js';
import type { TokenEncoding } from './types.js';

/**
 * Chat formatting tokens every message costs (`<|im_start|>`, the role separator, `<|im_end|>`), as OpenAI's
 * cookbook documents for the gpt-3.5-turbo and gpt-4 family.
 */
export const MESSAGE_OVERHEAD_TOKENS = 3;

/** Tokens that prime the reply (`<|im_start|>assistant<|im_sep|>`), paid once per conversation. */
export const REPLY_PRIMING_TOKENS = 3;

/**
 * The text a tool call's arguments are counted as: a string as given (providers send arguments as a JSON string,
 * and one that did not parse is kept verbatim), anything else as `JSON.stringify` of it, which throws for values
 * JSON cannot hold (a BigInt, a cycle) just as sending them to a provider would fail.
 */
export function toolCallArgumentsText(call: ToolCall): string {
  if (typeof call.arguments === 'string') return call.arguments;
  // `JSON.stringify(undefined)` is undefined: a call without arguments costs nothing for them.
  return JSON.stringify(call.arguments) ?? '';
}

/**
 * Tokens of one message without any caching: role, content, each tool call's name and arguments, `toolCallId`,
 * `toolName`, attachment estimates and `MESSAGE_OVERHEAD_TOKENS`. Call ids of tool calls are not counted: they
 * are routing data that providers do not render into the prompt the way they render names and arguments.
 */
export function countMessageTokens(
  message: Message,
  encoding: TokenEncoding,
  countText: (text: string) => number,
): number {
  let total = MESSAGE_OVERHEAD_TOKENS + countText(message.role) + countText(message.content);
  for (const call of message.toolCalls ?? []) {
    total += countText(call.name) + countText(toolCallArgumentsText(call));
  }
  if (message.toolCallId !== undefined) total += countText(message.toolCallId);
  if (message.toolName !== undefined) total += countText(message.toolName);
  for (const attachment of message.attachments ?? []) {
    total += estimateAttachmentTokens(attachment, encoding);
  }
  return total;
}
