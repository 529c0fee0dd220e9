import { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Options of `ownKeyRecord`. */
export interface OwnKeyRecordOptions {
  /** Checks each key; a bad key is reported at the record's path, quoting the key. */
  key?: z.ZodType<string>;
  /** Most entries allowed, with the message to give when there are more. */
  maxEntries?: { limit: number; message: (count: number) => string };
}

/**
 * A string-keyed record schema that keeps every key as data, `__proto__` and `constructor` included. zod's
 * `z.record` assigns keys onto a plain object, which silently drops a `__proto__` key; an entity in a
 * template or an artifact may be called anything, so the record is rebuilt with `Object.fromEntries`.
 */
export function ownKeyRecord<Value extends z.ZodType>(value: Value, options: OwnKeyRecordOptions = {}) {
  return z.unknown().transform((input, context): Record<string, z.output<Value>> => {
    if (!isPlainRecord(input)) {
      context.addIssue({ code: 'invalid_type', expected: 'object', input });
      return z.NEVER;
    }
    const keys = Object.keys(input);
    const { maxEntries, key: keySchema } = options;
    if (maxEntries && keys.length > maxEntries.limit) {
      // Checking thousands of entries of a record that is rejected anyway would only bury this issue.
      context.addIssue({ code: 'custom', message: maxEntries.message(keys.length), input });
      return z.NEVER;
    }
    const entries: [string, z.output<Value>][] = [];
    for (const key of keys) {
      const keyResult = keySchema?.safeParse(key, { reportInput: true });
      if (keyResult && !keyResult.success) {
        // At the record's path: a path ending in the bad key itself would be unreadable for an empty or huge key.
        for (const issue of keyResult.error.issues) {
          context.addIssue({
            code: 'custom',
            message: `key ${quoteShort(key)} ${issue.message}`,
            input: key,
          });
        }
      }
      const result = value.safeParse(input[key], { reportInput: true });
      if (result.success) entries.push([key, result.data]);
      else addNested(context, result.error.issues, key);
    }
    return Object.fromEntries(entries);
  });
}

function addNested(context: z.core.$RefinementCtx, issues: readonly Issue[], key: string): void {
  for (const issue of issues) context.addIssue({ ...issue, path: [key, ...issue.path] });
}

function quoteShort(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

/** An object literal, a JSON object or a null-prototype object; not an array, a Map or a class instance. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
