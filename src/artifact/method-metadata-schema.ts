import { z } from 'zod';
import { isPlainRecord } from '../validation/own-key-record.js';
import { MAX_METHOD_METADATA_CHARACTERS, MAX_METHOD_METADATA_DEPTH } from './artifact-limits.js';

/**
 * `methodMetadata`: a JSON object (null, booleans, finite numbers, strings, arrays and plain objects all the
 * way down) within the size limits. The artifact is stored and compared as JSON, so a value JSON would
 * silently drop or change (undefined, NaN, a Date, a Map) is rejected rather than altered. The result is a
 * deep copy, so a method cannot change a stored artifact afterwards.
 */
export const methodMetadataSchema = z.unknown().transform((input, context): Record<string, unknown> => {
  if (!isPlainRecord(input)) {
    context.addIssue({ code: 'invalid_type', expected: 'object', input });
    return z.NEVER;
  }
  const problems: { path: (string | number)[]; message: string }[] = [];
  findNonJson(input, [], new Set(), problems);
  for (const problem of problems) context.addIssue({ code: 'custom', ...problem });
  if (problems.length > 0) return z.NEVER;
  const json = JSON.stringify(input);
  if (json.length > MAX_METHOD_METADATA_CHARACTERS) {
    context.addIssue({
      code: 'custom',
      message: `is ${json.length} characters as JSON; the limit is ${MAX_METHOD_METADATA_CHARACTERS} (MAX_METHOD_METADATA_CHARACTERS): keep large data out of the artifact`,
    });
    return z.NEVER;
  }
  return JSON.parse(json) as Record<string, unknown>;
});

function findNonJson(
  value: unknown,
  path: (string | number)[],
  ancestors: Set<object>,
  problems: { path: (string | number)[]; message: string }[],
): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push({ path, message: `expected a JSON value, got ${value}` });
    return;
  }
  if (typeof value !== 'object') {
    problems.push({ path, message: `expected a JSON value, got ${typeof value}` });
    return;
  }
  if (ancestors.has(value)) {
    problems.push({ path, message: 'refers back to an enclosing object; JSON cannot hold a cycle' });
    return;
  }
  if (ancestors.size >= MAX_METHOD_METADATA_DEPTH) {
    problems.push({
      path,
      message: `nests deeper than ${MAX_METHOD_METADATA_DEPTH} levels (MAX_METHOD_METADATA_DEPTH)`,
    });
    return;
  }
  if (!Array.isArray(value) && !isPlainRecord(value)) {
    const kind = value.constructor?.name ?? 'object';
    problems.push({
      path,
      message: `expected a JSON value, got a ${kind}; convert it to a string or number`,
    });
    return;
  }
  ancestors.add(value);
  // An index loop, not forEach: a hole in a sparse array is undefined, which JSON would turn into null.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      findNonJson(value[index], [...path, index], ancestors, problems);
    }
  } else for (const key of Object.keys(value)) findNonJson(value[key], [...path, key], ancestors, problems);
  ancestors.delete(value);
}
