import { z } from 'zod';
import type { OpenAIMessage } from './openai-types.js';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const textContent = z.union([z.string(), z.array(textPart)]);

const userPart = z.discriminatedUnion('type', [
  textPart,
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.enum(['low', 'high', 'auto']).optional() }),
  }),
  z.object({
    type: z.literal('input_audio'),
    input_audio: z.object({ data: z.string(), format: z.enum(['wav', 'mp3']) }),
  }),
  z.object({
    type: z.literal('file'),
    file: z.object({ file_data: z.string(), filename: z.string().optional() }),
  }),
]);

const assistantPart = z.discriminatedUnion('type', [
  textPart,
  z.object({ type: z.literal('refusal'), refusal: z.string() }),
]);

const toolCall = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const assistantMessage = z
  .object({
    role: z.literal('assistant'),
    content: z
      .union([z.string(), z.array(assistantPart)])
      .nullable()
      .optional(),
    name: z.string().optional(),
    tool_calls: z.array(toolCall).optional(),
    refusal: z.string().nullable().optional(),
    function_call: z.unknown().optional(),
  })
  .superRefine((message, context) => {
    // The deprecated single function call has no id to pair with a result, so it cannot be imported faithfully.
    if (message.function_call !== undefined && message.function_call !== null) {
      context.addIssue({
        code: 'custom',
        path: ['function_call'],
        message: 'the deprecated function_call is not supported; use tool_calls',
      });
    }
  });

/** Validates one OpenAI chat-completions message; unknown keys are ignored. */
export const openAIMessageSchema: z.ZodType<OpenAIMessage> = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: textContent, name: z.string().optional() }),
  z.object({ role: z.literal('developer'), content: textContent, name: z.string().optional() }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(userPart)]),
    name: z.string().optional(),
  }),
  assistantMessage,
  z.object({
    role: z.literal('tool'),
    content: textContent,
    tool_call_id: z.string(),
    name: z.string().optional(),
  }),
]);

/** Validates an array of OpenAI chat-completions messages. */
export const openAIMessagesSchema = z.array(openAIMessageSchema);
