import { z } from 'zod';
import type { AnthropicMessage, AnthropicTextBlock } from './anthropic-types.js';

const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const base64Source = z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
const urlSource = z.object({ type: z.literal('url'), url: z.string() });
const textSource = z.object({
  type: z.literal('text'),
  media_type: z.literal('text/plain'),
  data: z.string(),
});

const imageBlock = z.object({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [base64Source, urlSource]),
});

const documentBlock = z.object({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [base64Source, urlSource, textSource]),
  title: z.string().optional(),
});

const block = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  documentBlock,
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z
      .union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock, documentBlock]))])
      .optional(),
    is_error: z.boolean().optional(),
  }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
]);

/** Block types each role may send; the API rejects the others, and so do we, with the path. */
const ALLOWED_BLOCKS: Record<AnthropicMessage['role'], readonly string[]> = {
  user: ['text', 'image', 'document', 'tool_result'],
  assistant: ['text', 'tool_use', 'thinking', 'redacted_thinking'],
};

const KNOWN_BLOCKS = new Set([...ALLOWED_BLOCKS.user, ...ALLOWED_BLOCKS.assistant]);

/** Validates one Anthropic message, including which block types its role may carry; unknown keys are ignored. */
export const anthropicMessageSchema: z.ZodType<AnthropicMessage> = z
  .object({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(block)]) })
  .superRefine(
    (message, context) => {
      const allowed = ALLOWED_BLOCKS[message.role];
      if (allowed === undefined || !Array.isArray(message.content)) return;
      message.content.forEach((part, index) => {
        // Unknown types are already reported by the block union.
        if (typeof part?.type !== 'string' || !KNOWN_BLOCKS.has(part.type) || allowed.includes(part.type))
          return;
        context.addIssue({
          code: 'custom',
          path: ['content', index, 'type'],
          message: `${message.role} messages cannot carry ${part.type} blocks (expected one of ${allowed.join('|')})`,
        });
      });
    },
    // Check block placement even when another field is broken, so one pass reports every problem.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/** Validates an array of Anthropic messages. */
export const anthropicMessagesSchema = z.array(anthropicMessageSchema);

/** Validates the `system` prompt, a string or an array of text blocks. */
export const anthropicSystemSchema: z.ZodType<string | AnthropicTextBlock[]> = z.union([
  z.string(),
  z.array(textBlock),
]);
