import { ValidationError } from '../../errors.js';
import { containsNormalized, normalizeMatchText } from '../lexicon/normalize-match-text.js';

// NFKC can turn a non-ASCII character into ASCII letters (`ﬁ` → `fi`), so such text is normalised first.
const NON_ASCII = /[^\x00-\x7f]/;
const SPACE = 0x20;

/** Draws of one piece of filler before giving up on keeping a value out of it. */
export const MAX_DRAWS = 40;

/** Keeps a case's variable values out of filler: whole-word matching on normalised text. */
export interface AvoidGuard {
  /** False when there is nothing to avoid; callers then skip every check. */
  readonly active: boolean;
  /** Normalised length of the longest value: how much text before a piece can join a match across it. */
  readonly reach: number;
  /** The first value found in normalised text, or undefined. */
  find(normalizedText: string): string | undefined;
  /**
   * A quick test on raw text: false when no value can be in it, because no value has all its words in it as
   * substrings. True means "normalise and look properly".
   */
  mayContain(text: string): boolean;
  /** True when normalised text ends with the first words (not all) of a value, which could go on after it. */
  endsWithPrefix(normalizedText: string): boolean;
  /** True when some value starts with a number: line numbers, which cannot be redrawn, could then hold it. */
  readonly hasNumericStart: boolean;
  /** True when `text` (raw) holds no value. */
  isClean(text: string): boolean;
  /** Draws text until it contains no value; `what` names the piece if that fails. */
  clean(draw: () => string, what: string): string;
}

/** A guard for these values; values without letters or digits are ignored (they match nothing). */
export function createAvoidGuard(avoid: readonly string[]): AvoidGuard {
  const values = [...new Set(avoid.map(normalizeMatchText))].filter((value) => value !== '');
  const reach = values.reduce((longest, value) => Math.max(longest, value.length), 0);
  const find = (normalizedText: string): string | undefined =>
    values.find((value) => containsNormalized(normalizedText, value));
  const words = values.map((value) => value.split(' '));
  // Longest words first: they are the rarest, so most checks stop at the first word.
  const byLength = words.map((list) => [...new Set(list)].sort((a, b) => b.length - a.length));
  // Text holding a value holds each of its words as a substring of its lower-case form.
  const mayContain = (text: string): boolean => {
    if (byLength.length === 0) return false;
    const lower = NON_ASCII.test(text) ? text.normalize('NFKC').toLowerCase() : text.toLowerCase();
    return byLength.some((list) => list.every((word) => lower.includes(word)));
  };
  // Every proper prefix of every value, by its last word: a value that goes on in the next piece starts with one.
  const prefixesByLastWord = new Map<string, string[]>();
  for (const list of words) {
    for (let end = 1; end < list.length; end++) {
      const last = list[end - 1] as string;
      prefixesByLastWord.set(last, [...(prefixesByLastWord.get(last) ?? []), list.slice(0, end).join(' ')]);
    }
  }
  const endsWithPrefix = (normalizedText: string): boolean => {
    const candidates = prefixesByLastWord.get(normalizedText.slice(normalizedText.lastIndexOf(' ') + 1));
    if (candidates === undefined) return false;
    return candidates.some(
      (prefix) =>
        normalizedText.endsWith(prefix) &&
        (normalizedText.length === prefix.length ||
          normalizedText.charCodeAt(normalizedText.length - prefix.length - 1) === SPACE),
    );
  };
  const clean = (draw: () => string, what: string): string => {
    let last = '';
    let lastText = '';
    for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
      const text = draw();
      if (!mayContain(text)) return text;
      const found = find(normalizeMatchText(text));
      if (found === undefined) return text;
      last = found;
      lastText = text;
    }
    // A piece whose structure always holds the value (a line count, a hunk header): alter the occurrences
    // rather than fail the case. Deterministic, and rare enough not to change what filler looks like.
    const scrubbed = scrub(lastText, values);
    if (isClean(scrubbed)) return scrubbed;
    throw unavoidable(last, what);
  };
  const hasNumericStart = words.some((list) => /^\d+$/.test(list[0] ?? ''));
  const isClean = (text: string): boolean =>
    !mayContain(text) || find(normalizeMatchText(text)) === undefined;
  return {
    active: values.length > 0,
    reach,
    find,
    mayContain,
    endsWithPrefix,
    hasNumericStart,
    isClean,
    clean,
  };
}

/**
 * Rewrites every occurrence of the values in `text`: digits shift by one (151 → 262), letters become
 * "other". Occurrences are found as the value's words separated by non-word characters, whole words only.
 */
function scrub(text: string, values: readonly string[]): string {
  let result = text;
  for (const value of values) {
    const pattern = value
      .split(' ')
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^\\p{L}\\p{N}]+');
    const occurrence = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'giu');
    result = result.replace(occurrence, (match) =>
      /\p{L}/u.test(match) ? 'other' : match.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10)),
    );
  }
  return result;
}

/** The error for a value that turned up in every draw of a piece of filler. */
export function unavoidable(value: string, what: string): ValidationError {
  const message =
    `every draw of the ${what} contained the variable value "${value}" (${MAX_DRAWS} draws); ` +
    'a value this common in code and logs cannot be kept out of filler: use a more specific value';
  return new ValidationError([{ where: 'generateFiller.avoid', message }]);
}
