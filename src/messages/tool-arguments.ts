/**
 * Parses the JSON text of tool-call arguments. Text that is not valid JSON (models do emit it) is kept as the
 * raw string, so nothing is lost and a compactor can still show it.
 */
export function parseToolArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Serialises tool-call arguments to JSON text, the inverse of `parseToolArguments`: a string that is not valid
 * JSON was raw text from the provider and goes back unchanged; a string that is valid JSON must be quoted, or
 * reading it back would turn `"123"` into the number 123.
 */
export function stringifyToolArguments(value: unknown): string {
  if (typeof value === 'string' && parseToolArguments(value) === value) return value;
  return JSON.stringify(value) ?? '{}';
}
