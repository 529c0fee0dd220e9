import type { z } from 'zod';
import { isPlainRecord } from '../validation/own-key-record.js';
import {
  ARTIFACT_FIELD_NAMES,
  type FieldNames,
  STRUCTURED_STATE_FIELD_NAMES,
} from './artifact-field-names.js';

type Issue = z.core.$ZodIssue;

/** An artifact with compactkit's field names, and how the input had spelt them. */
export interface NormalizedArtifact {
  /** The input with every CompactBench (snake_case) field name replaced by compactkit's (camelCase). */
  value: unknown;
  /** A field given under both names, e.g. `summaryText` and `summary_text`; it is left out of `value`. */
  issues: Issue[];
  /** For each renamed field, its camelCase path (`structuredState.lockedDecisions`) → the input's name. */
  inputNames: Map<string, string>;
}

/**
 * Renames CompactBench's snake_case fields to compactkit's camelCase, field by field, so either spelling (or
 * each field in its own) is read. Unknown keys are passed through for the schema to reject.
 */
export function normalizeArtifactSpelling(input: unknown): NormalizedArtifact {
  const issues: Issue[] = [];
  const inputNames = new Map<string, string>();
  if (!isPlainRecord(input)) return { value: input, issues, inputNames };
  const value = rename(input, ARTIFACT_FIELD_NAMES, [], issues, inputNames);
  if (isPlainRecord(value.structuredState)) {
    value.structuredState = rename(
      value.structuredState,
      STRUCTURED_STATE_FIELD_NAMES,
      ['structuredState'],
      issues,
      inputNames,
    );
  }
  return { value, issues, inputNames };
}

function rename(
  object: Record<string, unknown>,
  fields: readonly FieldNames[],
  prefix: string[],
  issues: Issue[],
  inputNames: Map<string, string>,
): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  const conflicting = new Set<string>();
  for (const [camelCase, snakeCase] of fields) {
    if (camelCase !== snakeCase && Object.hasOwn(object, camelCase) && Object.hasOwn(object, snakeCase)) {
      conflicting.add(camelCase);
      issues.push({
        code: 'custom',
        path: [...prefix, camelCase],
        message: `is given as both ${camelCase} and ${snakeCase}; keep one spelling`,
        input: undefined,
      });
    }
  }
  const toCamelCase = new Map(fields.map(([camelCase, snakeCase]) => [snakeCase, camelCase]));
  for (const [key, item] of Object.entries(object)) {
    const camelCase = toCamelCase.get(key) ?? key;
    if (conflicting.has(camelCase)) continue;
    if (camelCase !== key) inputNames.set([...prefix, camelCase].join('.'), key);
    entries.push([camelCase, item]);
  }
  // fromEntries, not assignment, so a `__proto__` key stays a key (and is reported as unknown).
  return Object.fromEntries(entries);
}
