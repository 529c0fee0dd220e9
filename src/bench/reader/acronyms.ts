import { contentStems, STOPWORDS } from './content-words.js';
import { rarity } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';

/**
 * A name written as the initials of the words it stands for: "ADR-12" is a decision record, an "SLA" a service
 * level agreement. A question that asks in the words ("which decision record explains
 * it?") is about the passage that writes the initials ("ADR-12 has the reasoning").
 */

// An acronym: three to five capitals as a word of their own, maybe numbered ("ADR-12", "SLA"). Two capitals
// ("PR", "CI") match the initials of too many pairs of words by chance.
const ACRONYM = /(?<![\w-])([A-Z]{3,5})(?:-\d+)?(?![\w])/g;
/** An acronym stands for at most this many letters more than the words the question gives for it. */
const MAX_EXTRA_LETTERS = 1;
/** What a passage writing the question's words as initials gains, as a word of the question would. */
const ACRONYM_WEIGHT = 1;

const known = new WeakMap<ParsedArtifact, Map<string, number[]>>();

/** Every acronym an artifact writes, lower-cased, with the positions of the passages holding it; read once. */
function acronymsOf(parsed: ParsedArtifact): Map<string, number[]> {
  let found = known.get(parsed);
  if (found !== undefined) return found;
  found = new Map();
  for (const passage of parsed.passages) {
    // The cheap test first: two capitals in a row.
    if (!/[A-Z]{2}/.test(passage.text)) continue;
    for (const match of passage.text.matchAll(ACRONYM)) {
      const acronym = (match[1] as string).toLowerCase();
      const holders = found.get(acronym) ?? [];
      if (holders[holders.length - 1] !== passage.position) holders.push(passage.position);
      found.set(acronym, holders);
    }
  }
  known.set(parsed, found);
  return found;
}

/**
 * The initials of each run of two or three content words side by side in the prompt, with no other word
 * between them ("decision record": "dr"; "push to release" is no name).
 */
function initialsOf(prompt: string): string[] {
  const words = prompt.toLowerCase().split(/[^a-z]+/);
  const content = (word: string | undefined) =>
    word !== undefined && word.length > 1 && !STOPWORDS.has(word) && contentStems(word).length > 0;
  const initials: string[] = [];
  for (let start = 0; start + 1 < words.length; start++) {
    if (!content(words[start]) || !content(words[start + 1])) continue;
    const first = `${words[start]?.[0]}${words[start + 1]?.[0]}`;
    initials.push(first);
    if (content(words[start + 2])) initials.push(`${first}${words[start + 2]?.[0]}`);
  }
  return initials;
}

/** Adds to the overlap of every passage that writes words of the prompt as their initials (see above). */
export function addAcronymOverlap(parsed: ParsedArtifact, prompt: string, overlaps: Float64Array): void {
  const initials = initialsOf(prompt);
  if (initials.length === 0) return;
  const named = new Set(prompt.toLowerCase().split(/[^a-z]+/));
  for (const [acronym, holders] of acronymsOf(parsed)) {
    if (named.has(acronym)) continue;
    const stands = initials.some(
      (letters) => acronym.includes(letters) && acronym.length <= letters.length + MAX_EXTRA_LETTERS,
    );
    if (!stands) continue;
    const weight = ACRONYM_WEIGHT * rarity(holders.length);
    for (const position of holders) overlaps[position] = (overlaps[position] as number) + weight;
  }
}
