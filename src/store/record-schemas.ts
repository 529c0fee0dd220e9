import { z } from 'zod';

// Schemas of what callers write. They check what SQLite cannot say clearly (which field of which item is
// wrong); JSON serialisability is checked by `toJsonText` with the same field paths.

export const nonEmptySchema = z.string().min(1, 'must not be empty');
export const cycleIndexSchema = z.number().int('expected an integer').min(0, 'expected an integer >= 0');
export const scoreSchema = z.number().min(0, 'expected a number >= 0').max(1, 'expected a number <= 1');
/** A JSON value that must be there (`z.unknown()` alone also accepts a missing key). */
export const presentSchema = z.unknown().refine((value) => value !== undefined, 'is required');
const nonEmpty = nonEmptySchema;
const cycle = cycleIndexSchema;
const count = z.number().int('expected an integer').min(0, 'expected an integer >= 0');
const nonNegative = z.number().min(0, 'expected a number >= 0');

/** An ISO 8601 date-time with a zone, as `Date.prototype.toISOString` writes it. */
export const timestampSchema = z.iso.datetime({
  offset: true,
  error: 'expected an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z',
});

export const runKindSchema = z.enum(['bench', 'evaluate', 'probe']);
export const runStatusSchema = z.enum(['running', 'complete', 'incomplete', 'failed']);
export const caseStatusSchema = z.enum(['complete', 'failed']);

export const runFilterSchema = z.strictObject({
  kind: runKindSchema.optional(),
  status: runStatusSchema.optional(),
  fingerprint: z.string().optional(),
  limit: z.number().int('expected an integer').min(1, 'expected an integer >= 1').optional(),
});

export const storedErrorSchema = z.strictObject({
  code: nonEmpty,
  message: z.string(),
  details: z.unknown().optional(),
});

export const newRunSchema = z.strictObject({
  id: nonEmpty.optional(),
  kind: runKindSchema,
  fingerprint: z.string(),
  config: presentSchema,
  versions: z.record(z.string(), z.string()),
  createdAt: timestampSchema.optional(),
});

/** A whole run record, as `insertRun` takes it (an import keeps status and times). */
export const runRecordSchema = z.strictObject({
  id: nonEmpty,
  kind: runKindSchema,
  fingerprint: z.string(),
  config: presentSchema,
  versions: z.record(z.string(), z.string()),
  status: runStatusSchema,
  createdAt: timestampSchema,
  finishedAt: timestampSchema.optional(),
});

export const cycleSchema = z.strictObject({ cycle, data: z.unknown().optional() });

export const artifactSchema = z.strictObject({
  cycle,
  method: nonEmpty,
  artifact: presentSchema,
  tokens: count.optional(),
});

export const itemResponseSchema = z.strictObject({
  cycle,
  itemKey: nonEmpty,
  prompt: z.string(),
  response: z.string().optional(),
  data: z.unknown().optional(),
});

export const verdictSchema = z.strictObject({
  cycle,
  itemKey: nonEmpty,
  score: scoreSchema,
  violation: z.boolean(),
  reason: z.string().optional(),
  data: z.unknown().optional(),
});

export const caseInputSchema = z.strictObject({
  caseKey: nonEmpty,
  status: caseStatusSchema,
  error: storedErrorSchema.optional(),
  data: z.unknown().optional(),
  writtenAt: timestampSchema.optional(),
  cycles: z.array(cycleSchema).optional(),
  artifacts: z.array(artifactSchema).optional(),
  itemResponses: z.array(itemResponseSchema).optional(),
  verdicts: z.array(verdictSchema).optional(),
});

export const evaluationRowSchema = z.strictObject({ rowKey: nonEmpty, data: presentSchema });

export const probeResultSchema = z.strictObject({
  sessionKey: nonEmpty,
  probeKey: nonEmpty,
  data: presentSchema,
});

/** A completion as recorded; loose, so fields a newer `Completion` adds are kept rather than dropped. */
export const recordedResponseSchema = z.looseObject({
  text: z.string(),
  object: z.unknown().optional(),
  usage: z.looseObject({ inputTokens: count.optional(), outputTokens: count.optional() }),
  latencyMs: nonNegative,
  finishReason: z.string(),
  costUsd: nonNegative.optional(),
});

const finishReasons = [
  'stop',
  'length',
  'content-filter',
  'tool-calls',
  'error',
  'other',
  'unknown',
] as const;

/** A stored response as `RecordedCall` types it; loose, so fields a newer `Completion` wrote are kept. */
export const storedResponseSchema = z.looseObject({
  text: z.string(),
  object: z.unknown().optional(),
  usage: z
    .looseObject({ inputTokens: z.number().optional(), outputTokens: z.number().optional() })
    .transform((usage) => ({ ...usage, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens })),
  latencyMs: z.number(),
  finishReason: z.enum(finishReasons),
  costUsd: z.number().optional(),
});

export const recordedErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  rawText: z.string().optional(),
});

export const recordedCallSchema = z
  .strictObject({
    key: nonEmpty,
    modelId: nonEmpty,
    request: presentSchema,
    response: recordedResponseSchema.optional(),
    error: recordedErrorSchema.optional(),
    runId: nonEmpty.optional(),
    createdAt: timestampSchema,
  })
  .refine((call) => call.response !== undefined || call.error !== undefined, {
    message: 'a recorded call needs a response or an error',
  });
