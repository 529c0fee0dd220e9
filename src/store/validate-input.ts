import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';

/**
 * Parses `value` with `schema` or throws a ValidationError whose issues name each field as a path under
 * `root`, e.g. `case.verdicts[2].score: expected a number <= 1`, prefixed by `location` (`run.jsonl:7`).
 */
export function validateInput<T>(schema: z.ZodType<T>, value: unknown, root: string, location?: string): T {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new ValidationError(issuesFromZod(result.error.issues, [root], location));
}
