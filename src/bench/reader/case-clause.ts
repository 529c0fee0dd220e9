import { normalizeText } from '../scoring/normalize.js';
import { contentStems, STOPWORDS, stemOf, wordsOf } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, matchMasks, stemFrequencies } from './query-weights.js';

/**
 * What the notes say of the case a prompt asks about. A prompt names its case briefly ("the 2,300 EUR refund for
 * Bluefin Hardware"); the message that brought the case up says more of it ("2,300 EUR for Bluefin Hardware
 * (enterprise plan) and 1,250 EUR for Meridian Pharmacy (pro plan)"). Whether a rule's exception covers the
 * case is read from that clause: the words of the clause about this case, not of the whole message, which
 * speaks of the other cases too.
 */

/** A word of the prompt in at most this many passages names the case, not the topic every message shares. */
const DISTINCTIVE_FREQUENCY = 8;

// Where a clause ends: a sentence end, a colon or semicolon, a comma and a space, or a joining "and"/"but".
const CLAUSE_BREAK = /[.;:!?](?:\s|$)|,\s|\s(?:and|but|while|whereas)\s/;

/** The clauses of a passage's lower-cased text. */
function clausesOf(text: string): string[] {
  return text.toLowerCase().split(CLAUSE_BREAK);
}

/**
 * The text of the clause, outside `skipLine`, that says most of the prompt's distinctive words (those in at
 * most eight passages), the latest on a tie; undefined when no passage holds one.
 */
export function caseClause(parsed: ParsedArtifact, prompt: string, skipLine: number): string | undefined {
  return caseMention(parsed, prompt, skipLine)?.clause;
}

/** The passage of that clause (see `caseClause`), or undefined. */
export function casePassage(parsed: ParsedArtifact, prompt: string, skipLine: number): Passage | undefined {
  return caseMention(parsed, prompt, skipLine)?.passage;
}

function caseMention(
  parsed: ParsedArtifact,
  prompt: string,
  skipLine: number,
): { clause: string; passage: Passage } | undefined {
  const stems = contentStems(prompt);
  if (stems.length === 0) return undefined;
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  const masks = matchMasks(parsed, query);
  const frequency = stemFrequencies(query, masks);
  const rare = [...query.bits]
    .filter(
      ([, bit]) => (frequency[bit] as number) > 0 && (frequency[bit] as number) <= DISTINCTIVE_FREQUENCY,
    )
    .map(([stem]) => stem);
  if (rare.length === 0) return undefined;
  let best: { clause: string; passage: Passage; count: number } | undefined;
  masks.forEach((mask, position) => {
    if (mask === 0) return;
    const passage = parsed.passages[position] as Passage;
    if (passage.line === skipLine) return;
    for (const clause of clausesOf(passage.text)) {
      const clauseStems = new Set(contentStems(clause));
      const count = rare.filter((stem) => clauseStems.has(stem)).length;
      if (count > 0 && (best === undefined || count >= best.count)) best = { clause, passage, count };
    }
  });
  return best;
}

/** The stem of the content word straight before each content word of a text (undefined after a function word). */
function modifiers(text: string): Map<string, string | undefined> {
  const before = new Map<string, string | undefined>();
  let previous: string | undefined;
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word)) {
      previous = undefined;
      continue;
    }
    const stem = stemOf(word);
    if (!before.has(stem)) before.set(stem, previous);
    previous = stem;
  }
  return before;
}

/**
 * The stems a case clause shares with a text, less those the two qualify differently: "pro plan" does not name
 * "the enterprise plan", though both say "plan".
 */
export function sharedCaseStems(clause: string, text: string): string[] {
  const ofClause = modifiers(normalizeText(clause));
  const ofText = modifiers(normalizeText(text));
  const shared: string[] = [];
  for (const [stem, modifier] of ofClause) {
    if (!ofText.has(stem)) continue;
    const other = ofText.get(stem);
    if (modifier !== undefined && other !== undefined && modifier !== other) continue;
    shared.push(stem);
  }
  return shared;
}

/**
 * Whether `text` (an exception: "apart from hotfixes that …") names the prompt's case: a word of the prompt, or
 * of the clause that brought the case up (see `caseClause`), that is not one of `ruled` (the rule's and the
 * action's own words).
 */
export function namesCase(
  parsed: ParsedArtifact,
  prompt: string,
  text: string,
  skipLine: number,
  ruled: ReadonlySet<string>,
): boolean {
  const stems = new Set(contentStems(text));
  if (contentStems(prompt).some((stem) => !ruled.has(stem) && stems.has(stem))) return true;
  const clause = caseClause(parsed, prompt, skipLine);
  return clause !== undefined && sharedCaseStems(clause, text).some((stem) => !ruled.has(stem));
}
