import { normalizeText } from '../scoring/normalize.js';

// Function words and question words: they say how an item is asked, not what it is about. Auxiliaries too
// ("what has to change"): a compiler's "implicitly has an 'any' type" shares no topic with it.
/** Function words and question words, lower-cased. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if of to in on at for with by from as is are was were be been being am it its this that ' +
    'these those what which who whom whose when where why how do does did done doing we you i me my our ours your ' +
    'they them their he she his her him there here would could can will shall may might about into onto than ' +
    'then so any all some each every per up out over again now just only also very too us let lets s t re ll ' +
    've d m tell say said give list name please right currently current exactly still one ones thing things ' +
    'should what s whats has have had having'
  ).split(' '),
);

const SUFFIXES = ['ing', 'ies', 'ed', 'es', 'er', 's'] as const;

/**
 * A crude stem: one common suffix off if at least three letters remain, then a doubled final consonant or a
 * final `e`, so `owner`/`owns`/`owned` meet at `own`, `planning`/`plans` at `plan`, `caches`/`cache` at `cach`.
 * Applied to both sides of every comparison, so its mistakes mostly cancel out.
 */
export function stemWord(word: string): string {
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    if (suffix === 's' && word.endsWith('ss')) break;
    stem = suffix === 'ies' ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
    break;
  }
  if (stem.length > 3 && stem.endsWith('e')) return stem.slice(0, -1);
  const last = stem.at(-1);
  if (
    stem !== word &&
    stem.length > 3 &&
    last === stem.at(-2) &&
    last !== undefined &&
    !'lsz'.includes(last)
  ) {
    return stem.slice(0, -1);
  }
  return stem;
}

/** A normalised word's stem as the reader's vocabulary keeps it: a number as it is ("120s"), else `stemWord`. */
export function stemOf(word: string): string {
  return word.charCodeAt(0) <= 57 ? word : stemWord(word);
}

/** The words of normalised text, in order (normalised text separates words by single spaces). */
export function wordsOf(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

/** The distinct stems of a text's content words (stopwords dropped), in order of first appearance. */
export function contentStems(text: string): string[] {
  const stems = new Set<string>();
  for (const word of wordsOf(normalizeText(text))) {
    if (!STOPWORDS.has(word)) stems.add(stemOf(word));
  }
  return [...stems];
}
