import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import type { Attachment, FilePart, ImagePart, Message, ToolCall } from './types.js';

/**
 * An integer >= `minimum`. Written as a refinement because zod's `.int()` aborts the whole object on failure,
 * which would hide the other problems of the same message.
 */
function integerAtLeast(minimum: number) {
  const wanted = minimum === 0 ? 'a non-negative integer' : `an integer >= ${minimum}`;
  return z.number().superRefine((value, context) => {
    if (!Number.isInteger(value) || value < minimum) {
      context.addIssue({ code: 'custom', message: `expected ${wanted}, got ${value}` });
    }
  });
}

/** The roles compactkit knows; anything else is rejected rather than guessed. */
const roleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

const imagePartSchema = z.object({
  type: z.literal('image'),
  mediaType: z.string().optional(),
  data: z.string().optional(),
  url: z.string().optional(),
  width: integerAtLeast(1).optional(),
  height: integerAtLeast(1).optional(),
  detail: z.enum(['low', 'high', 'auto']).optional(),
});

const filePartSchema = z.object({
  type: z.literal('file'),
  mediaType: z.string(),
  filename: z.string().optional(),
  data: z.string().optional(),
  url: z.string().optional(),
});

/**
 * An image or file attachment. Beyond the types, it needs `data` or `url`: an attachment with neither has
 * nothing a converter could send or a counter could measure.
 */
export const attachmentSchema: z.ZodType<Attachment> = z
  .discriminatedUnion('type', [imagePartSchema, filePartSchema])
  .superRefine((attachment: ImagePart | FilePart, context) => {
    if (attachment.data === undefined && attachment.url === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['data'],
        message: 'an attachment needs data (base64) or url',
      });
    }
  });

/** A tool call; `arguments` may be any JSON value but must be present (use `{}` for none). */
export const toolCallSchema: z.ZodType<ToolCall> = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.unknown(),
});

const messageObjectSchema = z.object({
  id: z.string().optional(),
  role: roleSchema,
  content: z.string(),
  attachments: z.array(attachmentSchema).optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolCallId: z.string().optional(),
  toolName: z.string().optional(),
  isError: z.boolean().optional(),
  turn: integerAtLeast(0).optional(),
});

/**
 * One compactkit message. Besides field types it enforces which fields belong to which role: `toolCalls` only
 * on assistant messages; `toolCallId` required on tool messages and only there; `toolName` and `isError` only
 * on tool messages. Unknown keys are dropped.
 */
export const messageSchema: z.ZodType<Message> = messageObjectSchema.superRefine(checkRoleFields, {
  // Run the role rules even when another field is broken, so one pass reports every problem.
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});

function checkRoleFields(message: Partial<Message>, context: z.RefinementCtx): void {
  const role = message.role;
  if (!roleSchema.safeParse(role).success) return;
  const misplaced = (field: string, allowed: string) =>
    context.addIssue({
      code: 'custom',
      path: [field],
      message: `only ${allowed} messages may carry ${field} (this one is ${role})`,
    });
  if (message.toolCalls !== undefined && role !== 'assistant') misplaced('toolCalls', 'assistant');
  if (role === 'tool') {
    if (message.toolCallId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['toolCallId'],
        message: 'is required on tool messages (the id of the call it answers)',
      });
    }
    return;
  }
  if (message.toolCallId !== undefined) misplaced('toolCallId', 'tool');
  if (message.toolName !== undefined) misplaced('toolName', 'tool');
  if (message.isError !== undefined) misplaced('isError', 'tool');
}

const messagesSchema = z.array(messageSchema);

/**
 * Validates an array of compactkit messages and returns typed copies.
 * `where` names the source (e.g. `transcript.json:3`) and prefixes every issue: `transcript.json:3: messages[3].role`.
 * @throws ValidationError listing every problem found, not just the first.
 */
export function parseMessages(value: unknown, where?: string): Message[] {
  const result = messagesSchema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new ValidationError(issuesFromZod(result.error.issues, ['messages'], where));
}
