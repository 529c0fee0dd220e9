import { z } from 'zod';

/** An `EvalRow` as stored in `evaluation_rows.data_json`: read back through this, never cast. */
export const evalRowSchema = z.object({
  system: z.string(),
  exampleId: z.union([z.string(), z.number()]),
  scores: z.record(z.string(), z.number()),
  inputTokens: z.number(),
  outputTokens: z.number(),
  contextTokens: z.object({ original: z.number(), processed: z.number().optional() }),
  metadata: z.record(z.string(), z.unknown()),
  latency: z.number(),
  dataset: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
