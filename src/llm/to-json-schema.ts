import { z } from 'zod';

/** The JSON Schema of what the model must send for a zod schema (its input side), as the cache key holds it. */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}
