import { z } from 'zod';
import type { AiSdkModelMessage } from './ai-sdk-types.js';

const providerOptions = z.record(z.string(), z.record(z.string(), z.json())).optional();
const dataContent = z.union([
  z.string(),
  z.instanceof(Uint8Array),
  z.instanceof(ArrayBuffer),
  z.instanceof(URL),
]);

const textPart = z.object({ type: z.literal('text'), text: z.string(), providerOptions });
const imagePart = z.object({
  type: z.literal('image'),
  image: dataContent,
  mediaType: z.string().optional(),
  providerOptions,
});
const filePart = z.object({
  type: z.literal('file'),
  data: dataContent,
  filename: z.string().optional(),
  mediaType: z.string(),
  providerOptions,
});

// File-id references and custom items point at data held by a provider, which a transcript cannot carry.
const contentItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), providerOptions }),
  z.object({ type: z.literal('media'), data: z.string(), mediaType: z.string() }),
  z.object({
    type: z.literal('file-data'),
    data: z.string(),
    mediaType: z.string(),
    filename: z.string().optional(),
    providerOptions,
  }),
  z.object({
    type: z.literal('file-url'),
    url: z.string(),
    mediaType: z.string().optional(),
    providerOptions,
  }),
  z.object({ type: z.literal('image-data'), data: z.string(), mediaType: z.string(), providerOptions }),
  z.object({ type: z.literal('image-url'), url: z.string(), providerOptions }),
]);

const output = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string(), providerOptions }),
  z.object({ type: z.literal('json'), value: z.json(), providerOptions }),
  z.object({ type: z.literal('execution-denied'), reason: z.string().optional(), providerOptions }),
  z.object({ type: z.literal('error-text'), value: z.string(), providerOptions }),
  z.object({ type: z.literal('error-json'), value: z.json(), providerOptions }),
  z.object({ type: z.literal('content'), value: z.array(contentItem) }),
]);

const toolResultPart = z.object({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  toolName: z.string(),
  output,
  providerOptions,
});

const assistantPart = z.discriminatedUnion('type', [
  textPart,
  filePart,
  z.object({ type: z.literal('reasoning'), text: z.string(), providerOptions }),
  z.object({
    type: z.literal('tool-call'),
    toolCallId: z.string(),
    toolName: z.string(),
    input: z.unknown(),
    providerOptions,
    providerExecuted: z.boolean().optional(),
  }),
  toolResultPart,
  z.object({ type: z.literal('tool-approval-request'), approvalId: z.string(), toolCallId: z.string() }),
]);

const toolPart = z.discriminatedUnion('type', [
  toolResultPart,
  z.object({
    type: z.literal('tool-approval-response'),
    approvalId: z.string(),
    approved: z.boolean(),
    reason: z.string().optional(),
  }),
]);

/** Validates one AI SDK `ModelMessage`; unknown keys are ignored. */
export const modelMessageSchema: z.ZodType<AiSdkModelMessage> = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string(), providerOptions }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart, filePart]))]),
    providerOptions,
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(assistantPart)]),
    providerOptions,
  }),
  z.object({ role: z.literal('tool'), content: z.array(toolPart), providerOptions }),
]);

/** Validates an array of AI SDK `ModelMessage`s. */
export const modelMessagesSchema = z.array(modelMessageSchema);
