/** A parsed JSON object, as read from a log line: fields are unknown until checked. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field as a string, or undefined when absent or of another type. */
export function stringField(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

/** Parses a JSON string, or returns undefined when it is not JSON (the caller decides what that means). */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Describes a JSON value's type for an error message: `a number`, `null`, `an array`. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
