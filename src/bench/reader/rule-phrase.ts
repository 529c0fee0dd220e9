import { normalizeText } from '../scoring/normalize.js';
import { STOPWORDS, stemOf, wordsOf } from './content-words.js';
import type { Passage } from './passage.js';

/** A pair of content words next to each other (function words between them skipped), as stems. */
interface Pair {
  first: string;
  second: string;
  /** Where the pair starts and ends in the text's words, both included. */
  from: number;
  to: number;
}

// "name" is a stopword as a way of asking ("name the owner"), but in an action it is the thing the action
// writes (`customer.name`), as "names" is in the rule that protects it.
const NOUNS_AMONG_STOPWORDS: ReadonlySet<string> = new Set(['name']);

function pairsOf(words: readonly string[]): Pair[] {
  const pairs: Pair[] = [];
  let previous: { stem: string; at: number } | undefined;
  words.forEach((word, at) => {
    if (STOPWORDS.has(word) && !NOUNS_AMONG_STOPWORDS.has(word)) return;
    const stem = stemOf(word);
    if (previous !== undefined && previous.stem !== stem) {
      pairs.push({ first: previous.stem, second: stem, from: previous.at, to: at });
    }
    previous = { stem, at };
  });
  return pairs;
}

/**
 * A rule that names a thing the action does, in two words of the action's side by side: "customer names stay out
 * of the logs" speaks to `logger.warn('payment failed', { customer: customer.name })`, "never push straight to
 * release-train" to `git push origin fix:release-train`. Returns the rule passage and the words of it that
 * name the thing, for the caller to read how the rule treats them, in reading order. Only rule passages of
 * `notable` are read (a rule cue, or an entry under Forbidden behaviors).
 */
export function ruleNamingPartOf(
  action: string,
  notable: readonly Passage[],
): { passage: Passage; phrase: string }[] {
  const rules = notable.filter(
    (passage) => passage.section === 'Forbidden behaviors' || passage.cues.rule.length > 0,
  );
  return passagesNamingPartOf(action, rules);
}

/** The passages that name a thing the action does in two of its words side by side, with those words. */
export function passagesNamingPartOf(
  action: string,
  passages: readonly Passage[],
): { passage: Passage; phrase: string }[] {
  const actionPairs = new Set(
    pairsOf(wordsOf(normalizeText(action))).map((pair) => `${pair.first} ${pair.second}`),
  );
  if (actionPairs.size === 0) return [];
  const found: { passage: Passage; phrase: string }[] = [];
  for (const passage of passages) {
    const words = wordsOf(passage.normalized);
    for (const pair of pairsOf(words)) {
      if (!actionPairs.has(`${pair.first} ${pair.second}`)) continue;
      found.push({ passage, phrase: words.slice(pair.from, pair.to + 1).join(' ') });
      break;
    }
  }
  return found;
}
