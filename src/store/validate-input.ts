import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.js';

type ZodIssue = z.core.$ZodIssue;

/**
 * Parses `value` with `schema` or throws a ValidationError whose issues name each field as a path under
 * `root`, e.g. `case.verdicts[2].score: expected a number <= 1`, prefixed by `location` (`run.jsonl:7`).
 */
export function validateInput<T>(schema: z.ZodType<T>, value: unknown, root: string, location?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    where: joinWhere(location, formatPath([root, ...issue.path])),
    message: describeIssue(issue, valueAt(value, issue.path)),
  }));
  throw new ValidationError(issues);
}

/** Joins a location and a field path the way the rest of compactkit prints them: `file.jsonl:3: case.key`. */
export function joinWhere(location: string | undefined, path: string): string {
  return location ? `${location}: ${path}` : path;
}

/** `['case', 'verdicts', 2, 'score']` → `case.verdicts[2].score`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? String(segment) : `.${String(segment)}`;
  }
  return path;
}

function describeIssue(issue: ZodIssue, received: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return received === undefined
        ? `is required (expected ${issue.expected})`
        : `expected ${issue.expected}, got ${typeOf(received)}`;
    case 'invalid_value': {
      const expected = `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
      return received === undefined
        ? `is required (${expected})`
        : `expected ${expected}, got ${JSON.stringify(received)}`;
    }
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
