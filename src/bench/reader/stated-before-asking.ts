import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A message often states something and then asks ("Their data goes on 8 October per the contract. What is
 * left for us?"): the question at its end asks, but what comes before it is said all the same. The reader
 * weighs a passage that asks less as an answer; the words of what it stated before asking keep their weight.
 */

// The first clause that ends in a question mark: what follows the sentence break (or colon) before it.
const QUESTION_CLAUSE = /(?:^|[.!?:;]\s)[^.!?:;]*\?/;
// A transcript line's speaker header: "[turn 4] user:".
const SPEAKER = /^\[turn \d+\] \w+:\s*/;

const NOTHING: readonly string[] = Object.freeze([]);

/** The part of a text before its first question clause, without the speaker header; '' when it asks first. */
export function statedBeforeAsking(text: string): string {
  const body = text.replace(SPEAKER, '');
  const match = QUESTION_CLAUSE.exec(body);
  // Matched at a sentence break: the break's mark ends the statement; matched at the start: nothing before.
  return match === null || match.index === 0 ? '' : body.slice(0, match.index + 1);
}

const cache = new WeakMap<ParsedArtifact, Map<number, readonly string[]>>();

/**
 * The content stems of what a passage states before the question it asks (see `statedBeforeAsking`), read once
 * per passage of a parsed artifact: every question item asks it of the same few passages that ask something.
 */
export function stemsStatedBeforeAsking(parsed: ParsedArtifact, position: number): readonly string[] {
  let known = cache.get(parsed);
  if (known === undefined) {
    known = new Map();
    cache.set(parsed, known);
  }
  let stems = known.get(position);
  if (stems === undefined) {
    const stated = statedBeforeAsking((parsed.passages[position] as Passage).text);
    stems = stated === '' ? NOTHING : contentStems(stated);
    known.set(position, stems);
  }
  return stems;
}
