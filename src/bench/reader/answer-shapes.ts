import { STOPWORDS } from './content-words.js';
import type { AnswerShape } from './question-shape.js';

// Two or more capitalised words in a row ("Mikko Huang", "Ana María López"): how a person's name is written.
// A single one is as often a product ("Redis", "Sentry") as a first name, so it is not taken for a name.
const CAPITALISED_RUN = /(?<![\p{L}\p{N}_])\p{Lu}[\p{Ll}'’]+(?:[ -]\p{Lu}[\p{Ll}'’]+)+(?![\p{L}\p{N}_])/gu;
// A lower-case word standing alone in prose: not a piece of an address, handle or path ("ana.kobayashi@…").
const LOWERCASE_WORD = /(?<=^|[\s("“‘])\p{Ll}+(?=$|[\s,;:!?)"”’]|[.](?:\s|$))/gu;
// A quantity, a time or a day: digits, or the words people write them in ("three days", "on Thursday", "by
// noon"). "one" is left out: it is as often a pronoun ("the one with the queue").
const NUMBERISH =
  /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|million|billion|dozen|monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight|tomorrow|tonight)\b/i;
// Capitalised only: "may" and "march" are verbs as often.
const MONTH = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
// What ends a period: "until the audit is through", "till 2027-03-01".
const BOUNDING_CLAUSE = /\b(?:until|till|til)\s+\S/i;
// A path, a file name, a command flag, a snake_case or backticked name.
const IDENTIFIER =
  /[\w.-]+\/[\w./-]*|\b\w+\.[a-z]{1,5}\b|`[^`]+`|\b[a-z0-9]+_[a-z0-9_]+\b|(?:^|\s)--?[a-z][\w-]*/i;

// A handle people are reached or asked by: "@ana-lima", "@acme/policy-owners" (a team), not an e-mail address.
const HANDLE = /(?<![\w.@])@[A-Za-z0-9][\w-]*(?:\/[\w-]+)?/g;

// An on-call rotation's alias, paged as a person is: "dba-oncall", "payments-on-call".
const ROTATION = /\b[a-z][\w-]*-on-?call\b/i;

/** The @handles a text holds (a person's or a team's), as written. */
export function handlesIn(text: string): string[] {
  return Array.from(text.matchAll(HANDLE), (match) => match[0]);
}

/** The words a text writes in lower case somewhere: common words, which a name is not made of. */
export function lowercaseWords(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(LOWERCASE_WORD)) words.add(match[0]);
  return words;
}

/**
 * The names a text holds: runs of capitalised words none of which is a function word or a word the artifact
 * writes in lower case, so "Mikko Huang" is a name and "Test Files" (with "test" and "files" elsewhere) is
 * not.
 */
export function namesIn(text: string, common: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(CAPITALISED_RUN)) {
    const words = match[0].split(/[ -]/);
    // "Does Lucia Rossi": a common word ends one name and starts the next.
    let from = 0;
    for (let index = 0; index <= words.length; index++) {
      const word = words[index]?.toLowerCase();
      if (word !== undefined && !common.has(word) && !STOPWORDS.has(word)) continue;
      const length = index - from;
      if (length >= 2) {
        names.push(words.slice(from, index).join(' '));
      }
      from = index + 1;
    }
  }
  return names;
}

/**
 * Whether a text holds a value of the shape, other than one the question itself names ("Who reviews Mikko
 * Huang's work?" is not answered by a passage naming only Mikko Huang).
 */
export function holdsShape(
  text: string,
  shape: AnswerShape,
  common: ReadonlySet<string>,
  named: ReadonlySet<string>,
): boolean {
  if (shape === 'number') return NUMBERISH.test(text) || MONTH.test(text);
  if (shape === 'identifier') return IDENTIFIER.test(text);
  if (shape === 'bound') return BOUNDING_CLAUSE.test(text);
  return (
    namesIn(text, common).some((name) => !named.has(name.toLowerCase())) ||
    handlesIn(text).some((handle) => !named.has(handle.toLowerCase())) ||
    ROTATION.test(text)
  );
}
