import { seededRandom } from '../metrics/statistics.js';

/** A string field of a published record; throws naming the field when it is missing. */
export function text(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new Error(`${field}: missing or not a string`);
}

/** An optional string field. */
export function optionalText(record: Record<string, unknown>, field: string): string | undefined {
  const value = record[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A list of strings (numbers become strings). */
export function texts(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw new Error(`${field}: missing or not a list`);
  return value.map((item, index) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number') return String(item);
    throw new Error(`${field}[${index}]: not a string`);
  });
}

/** A nested object field. */
export function object(record: Record<string, unknown>, field: string): Record<string, unknown> {
  const value = record[field];
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${field}: missing or not an object`);
  return value as Record<string, unknown>;
}

/** A whole number field (a numeric string is accepted: some sets store labels as text). */
export function integer(record: Record<string, unknown>, field: string): number {
  const value = typeof record[field] === 'string' ? Number(record[field]) : record[field];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new Error(`${field}: missing or not a whole number`);
  return value;
}

/**
 * Options in a seeded order with the correct one's new index, for sets that publish the answer first
 * (TruthfulQA mc1, GPQA): the seed is the example's id, so the order is the same on every run and machine.
 */
export function shuffleChoices(
  correct: string,
  others: readonly string[],
  seed: string,
): { choices: string[]; answerIndex: number } {
  const choices = [correct, ...others];
  const random = seededRandom(seed);
  for (let index = choices.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [choices[index], choices[other]] = [choices[other] as string, choices[index] as string];
  }
  return { choices, answerIndex: choices.indexOf(correct) };
}
