import { ValidationError } from '../errors.js';

/**
 * Serialises a value for a `*_json` column, refusing what JSON would silently mangle or cannot hold
 * (NaN and Infinity become null, a BigInt or a cycle throws, `undefined` vanishes).
 * @throws ValidationError naming `where`.
 */
export function toJsonText(value: unknown, where: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'number' && !Number.isFinite(item)) {
        throw new TypeError(`${item} is not a JSON number`);
      }
      return item;
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ValidationError([{ where, message: `cannot be stored as JSON: ${reason}` }], { cause: error });
  }
  if (text === undefined) {
    throw new ValidationError([{ where, message: `is required and must be JSON, got ${typeof value}` }]);
  }
  return text;
}

/** Like `toJsonText`, but an absent value stays NULL. */
export function toOptionalJsonText(value: unknown, where: string): string | null {
  return value === undefined ? null : toJsonText(value, where);
}

/** Parses a `*_json` column; SQLite's `json_valid` check guarantees the text is JSON. */
export function fromJsonText(text: string): unknown {
  return JSON.parse(text);
}
