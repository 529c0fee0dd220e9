import { ValidationError } from '../../errors.js';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names of the `{{name}}` placeholders in `text`, in order, repeats included. */
export function placeholderNames(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] as string);
}

/**
 * Replaces every `{{name}}` in `text` with its value. A placeholder with no value is an error naming `where`
 * and the names that exist, so a typo in a template is caught at generation, not shown to a compactor.
 */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string>, where: string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values.get(name);
    if (value !== undefined) return value;
    const known = [...values.keys()].sort().join(', ');
    throw new ValidationError([
      { where, message: `unknown placeholder {{${name}}}; known: ${known === '' ? 'none' : known}` },
    ]);
  });
}

/** Fills placeholders in every string of a JSON-like value (tool call arguments), keeping its shape. */
export function fillDeep(value: unknown, values: ReadonlyMap<string, string>, where: string): unknown {
  if (typeof value === 'string') return fillPlaceholders(value, values, where);
  if (Array.isArray(value)) return value.map((entry, index) => fillDeep(entry, values, `${where}[${index}]`));
  if (value !== null && typeof value === 'object') {
    const filled: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value))
      filled[key] = fillDeep(entry, values, `${where}.${key}`);
    return filled;
  }
  return value;
}
