import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { formatPath } from '../validation/field-path.js';
import type { Rubric } from './rubric-types.js';

const text = z.object({ en: z.string().min(1), zh: z.string().min(1).optional() }).strict();
const criterion = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'expected a snake_case id'),
    weight: z.number().positive().finite(),
    question: text,
    anchors: z.object({ 0: text, 3: text, 5: text }).strict(),
  })
  .strict();
const rubricSchema = z
  .object({
    id: z.string().min(1),
    version: z.string().min(1),
    dimensions: z
      .array(
        z
          .object({
            id: z.string().regex(/^[a-z][a-z0-9_]*$/),
            name: text,
            criteria: z.array(criterion).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/**
 * Validates a user-supplied rubric (same shape as `DEFAULT_RUBRIC`). Criterion ids must be unique across the
 * rubric, since the judge answers by criterion id.
 * @throws ValidationError naming `source: dimensions[2].criteria[0].weight` and what is wrong.
 */
export function parseRubric(value: unknown, source = 'rubric'): Rubric {
  const parsed = rubricSchema.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({
        where: `${source}: ${formatPath(issue.path)}`,
        message: issue.message,
      })),
    );
  }
  const seen = new Set<string>();
  for (const [d, dimension] of parsed.data.dimensions.entries()) {
    for (const [c, item] of dimension.criteria.entries()) {
      if (seen.has(item.id))
        throw new ValidationError([
          { where: `${source}: dimensions[${d}].criteria[${c}].id`, message: `"${item.id}" is used twice` },
        ]);
      seen.add(item.id);
    }
  }
  return parsed.data;
}

/** The criterion ids of a rubric, with the dimension each belongs to. */
export function criterionDimensions(rubric: Rubric): Map<string, string> {
  const map = new Map<string, string>();
  for (const dimension of rubric.dimensions)
    for (const item of dimension.criteria) map.set(item.id, dimension.id);
  return map;
}
