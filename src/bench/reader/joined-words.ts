import { normalizeText } from '../scoring/normalize.js';
import { type Found, mentionIn, warnedAgainst } from './action-mentions.js';
import { STOPWORDS, stemOf, wordsOf } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { distinctiveLimit } from './plan-reversals.js';

/**
 * A thing named as a word joined to another: "crontab" is a cron thing, as a "cron job" is; a "dockerfile" a
 * docker one; `parseFloat` parses a float. People name the thing by its first word ("no more cron jobs on that
 * box", "floats for money will bite us") and the action by the joined word, so a rule against the first word
 * speaks to the joined one. Only a word no passage holds as written is read as joined, and only a first part
 * that few passages hold: "re" + "start" or "data" + "base" name nothing the notes rule on.
 */

/** The fewest letters a part must have to be read as a word of its own. */
const MIN_PART = 4;
/** The fewest letters the rest of the joined word must have ("cron" + "tab"). */
const MIN_REST = 3;

// A lower-case letter then a capital: where a camelCase name joins its words ("parseFloat", "toFixed").
const CAMEL_JOIN = /([a-z])([A-Z])/g;

/** The words of an action, with a camelCase name read as the words it joins ("parseFloat": "parse", "float"). */
function actionWords(action: string): string[] {
  return normalizeText(action.replace(CAMEL_JOIN, '$1 $2')).split(' ');
}

/** A passage holding a word, and that word as the passage writes it ("webhooks" for "webhook"). */
interface Holder {
  passage: Passage;
  written: string;
}

/** Passages holding `word` or another form of it as a whole word, up to `limit` + 1 of them. */
function holders(parsed: ParsedArtifact, word: string, limit: number): Holder[] {
  const stem = stemOf(word);
  const start = word.slice(0, MIN_PART);
  const found: Holder[] = [];
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage holds the word's first letters.
    if (!passage.normalized.includes(start)) continue;
    const written = wordsOf(passage.normalized).find((other) => other === word || stemOf(other) === stem);
    if (written === undefined) continue;
    found.push({ passage, written });
    if (found.length > limit) break;
  }
  return found;
}

/** The parts of the action's words that name a thing the notes speak of (see above), each once. */
function namedParts(parsed: ParsedArtifact, action: string, limit: number): string[] {
  const parts = new Set<string>();
  const whole = new Set(normalizeText(action).split(' '));
  for (const word of actionWords(action)) {
    if (STOPWORDS.has(word) || !/^[a-z]+$/.test(word)) continue;
    // A camelCase part ("float" of parseFloat) is read whole; a word as written only when no passage holds it.
    if (whole.has(word)) {
      if (word.length < MIN_PART + MIN_REST || holders(parsed, word, 0).length > 0) continue;
      for (let length = word.length - MIN_REST; length >= MIN_PART; length--) {
        const part = word.slice(0, length);
        if (STOPWORDS.has(part)) continue;
        const held = holders(parsed, part, limit).length;
        if (held > 0 && held <= limit) {
          parts.add(part);
          break;
        }
      }
    } else if (word.length >= MIN_PART) {
      const held = holders(parsed, word, limit).length;
      if (held > 0 && held <= limit) parts.add(word);
    }
  }
  return [...parts];
}

/**
 * Passages that reject a thing the action names by a word joined to another ("add a crontab entry" and "the
 * last thing I want is another cron job"), in reading order; the fragment is the part they name.
 */
export function joinedWordRejections(parsed: ParsedArtifact, action: string): Found[] {
  const found: Found[] = [];
  // A first part held by more passages than a distinctive word is (eight, or a share of a long artifact's
  // passages: see `distinctiveLimit`) is a common word, not the name of a thing.
  const limit = distinctiveLimit(parsed);
  for (const part of namedParts(parsed, action, limit)) {
    for (const { passage, written } of holders(parsed, part, limit)) {
      // A rule or a warning about the thing: "the test is not fixed yet" says how things stand, and rules out
      // no `toFixed`.
      const ruling =
        passage.section === 'Forbidden behaviors' ||
        passage.cues.rule.length > 0 ||
        warnedAgainst(passage.text, written);
      if (ruling && mentionIn(passage, written) === 'rejected')
        found.push({ passage, mention: 'rejected', fragment: written });
    }
  }
  return found.sort((a, b) => a.passage.position - b.passage.position);
}
