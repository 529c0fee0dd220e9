// The scorer's own word handling for retention: written apart from the lexical reader's lexicon, so that the
// retention figure stays an independent check on what the reader's scores say.
import {
  CLAUSE_NEGATIONS,
  PHRASE_NEGATIONS,
  REJECTED_STATES,
  REPLACEMENT_CUES,
  TRAILING_MARKERS,
} from './mention-cues.js';
import { findWholeWords, normalizeText } from './normalize.js';

// Function words carry no content: a ground-truth entry is not "kept" because "the" and "with" survived.
// biome-ignore format: a word table reads best filled, not one entry per line
const STOP_WORDS = new Set([
  'the', 'and', 'for', 'with', 'that', 'this', 'these', 'those', 'from', 'into', 'onto', 'over', 'under',
  'are', 'was', 'were', 'been', 'being', 'has', 'have', 'had', 'its', 'our', 'ours', 'your', 'their', 'them',
  'they', 'you', 'she', 'him', 'her', 'his', 'who', 'whom', 'which', 'what', 'when', 'where', 'why', 'how',
  'all', 'any', 'each', 'every', 'some', 'such', 'than', 'then', 'there', 'here', 'also', 'just', 'only',
  'very', 'can', 'could', 'will', 'would', 'should', 'shall', 'may', 'might', 'must', 'does', 'did', 'doing',
  'about', 'after', 'before', 'again', 'once', 'out', 'off', 'per', 'via', 'own', 'same', 'both', 'but',
  'not', 'nor', 'never', 'don', 'doesn', 'didn', 'won', 'isn', 'aren', 'wasn', 'weren', 'let', 'lets',
]);

/** A crude stem, the same on both sides of a comparison: "linked" and "link", "messages" and "message". */
export function stemWord(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's', 'e']) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, -suffix.length);
    // "pinned" / "pinning" / "pin": a doubled consonant left by the suffix goes.
    const last = stem.at(-1) ?? '';
    if (
      (suffix === 'ing' || suffix === 'ed') &&
      stem.length > 3 &&
      last === stem.at(-2) &&
      /[^aeiou]/.test(last)
    )
      return stem.slice(0, -1);
    return stem;
  }
  return word;
}

/** The stems of the content words of normalised text: words of three letters or more that are not function words. */
export function contentStemsOf(normalized: string): string[] {
  const stems: string[] = [];
  for (const word of normalized.split(' ')) {
    if (word.length < 3 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    stems.push(stemWord(word));
  }
  return [...new Set(stems)];
}

/**
 * Tokens an entry must keep exactly: anything with a digit, or with a path, version, identifier or address
 * character inside it (`/`, `.`, `_`, `:`, `@`, `#`, `=`; a hyphen alone joins ordinary words), or written in
 * backticks.
 */
export function valueTokensOf(entry: string): string[] {
  const tokens: string[] = [];
  for (const quoted of entry.matchAll(/`([^`]+)`/g)) tokens.push(quoted[1] as string);
  for (const raw of entry.replace(/`[^`]*`/g, ' ').split(/\s+/)) {
    const token = raw.replace(/^[("'[{]+|[)"'\]},;:.!?]+$/g, '');
    if (token === '') continue;
    if (/\d/.test(token) || /\w[/._:@#=]\w/.test(token)) tokens.push(token);
  }
  return tokens.filter((token) => normalizeText(token) !== '');
}

// Rejections of every kind the scorer knows, as normalised phrases: a passage holding one states a negation.
const NEGATIONS = [
  ...new Set(
    [...CLAUSE_NEGATIONS, ...PHRASE_NEGATIONS, ...REPLACEMENT_CUES, ...REJECTED_STATES, ...TRAILING_MARKERS]
      .map(normalizeText)
      .filter((phrase) => phrase !== ''),
  ),
];

/** Whether normalised text holds a negation or rejection phrase as whole words ("never", "instead of", "n't"). */
export function hasNegation(normalized: string): boolean {
  return NEGATIONS.some((phrase) => findWholeWords(normalized, phrase, 1).length > 0);
}
