import { rarity } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { type QueryWeights, stemFrequencies } from './query-weights.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';
import { transcriptMessages } from './transcript-messages.js';

/**
 * Sentences that name their subject by pointing back: "the invoice PDF renderer. It belongs to the Developer
 * Experience Pod", "Also the 'rounds to the cent' test is red. Worth a look once the fix is in." The second
 * sentence is about what the first names, so it is read with the first one's words and quoted with it.
 */

// A sentence opening with a pronoun or a demonstrative that stands for something said just before, or with
// "worth …" that leaves its subject out.
const POINTS_BACK =
  /^(?:it|it['’]s|its|they|they['’](?:re|ll|ve)|them|this|that|these|those|he|she|worth)\b/i;

// A line that labels the lines under it: "Out of scope:", "Known issues:", "## Blockers:" (capitalised, as a
// heading is; "else:" and "def run():" are code).
const LABEL_LINE = /^(?:#{1,6}\s+)?[A-Z][\w '’/-]{0,40}:$/;
// A label that ends in a colon ("Out of scope:", "Owners:"): what follows it is what it names. Not a line of
// code ("def load(self):", "if total > 0:").
const LABEL = /^[^(){}[\]=;<>`]*\p{L}:\s*$/u;

// "Ethan handles their invoices", "the job keeps its own lock", "fix the test before it's merged": a possessive
// or a pronoun inside a sentence stands for something named before it, in the sentence or the one before. It
// says what the sentence is about, not what to quote with it.
const POINTS_BACK_INSIDE = /\b(?:their|its|it|it['’]s|them)\b/i;

// The share of the antecedent's words a sentence pointing back from inside (see above) is credited with.
const POSSESSIVE_SHARE = 0.5;

const antecedents = new WeakMap<ParsedArtifact, Int32Array>();
const owners = new WeakMap<ParsedArtifact, Int32Array>();

/**
 * For each passage that holds a possessive or a pronoun ("their", "its", "it", "them") and is not the first
 * sentence of its line, the position of the sentence before it; -1 for the rest. Read once per parsed artifact.
 */
function possessiveOwnersOf(parsed: ParsedArtifact): Int32Array {
  let known = owners.get(parsed);
  if (known !== undefined) return known;
  const { passages } = parsed;
  known = new Int32Array(passages.length).fill(-1);
  for (let position = 1; position < passages.length; position++) {
    const passage = passages[position] as Passage;
    if (passage.line === (passages[position - 1] as Passage).line && POINTS_BACK_INSIDE.test(passage.text))
      known[position] = position - 1;
  }
  owners.set(parsed, known);
  return known;
}

/**
 * For each passage that opens by pointing back to the one before it in the same message (or the same line of
 * notes), or that follows a label ending in a colon in the same message, the position of that one; for the
 * first passage of each line right under a label line of a tool's output ("Out of scope:"), the label's; -1 for
 * the rest. Read once per parsed artifact.
 */
export function antecedentsOf(parsed: ParsedArtifact): Int32Array {
  let known = antecedents.get(parsed);
  if (known !== undefined) return known;
  const { passages } = parsed;
  known = new Int32Array(passages.length).fill(-1);
  const messageStart = new Int32Array(passages.length).fill(-1);
  for (const message of transcriptMessages(parsed)) {
    for (let position = message.start; position < message.end; position++)
      messageStart[position] = message.start;
  }
  // The label a list of a document runs under ("Out of scope:" in a ticket), while its items follow it line
  // after line. A label in a message ("Two options:") introduces what the items are, not what they are about.
  const { inOutput } = toolExchanges(parsed);
  let label = -1;
  for (let position = 1; position < passages.length; position++) {
    const passage = passages[position] as Passage;
    const before = passages[position - 1] as Passage;
    if (passage.line !== before.line) {
      if (inOutput[position - 1] === 1 && LABEL_LINE.test(withoutHeader(before.text).trim()))
        label = position - 1;
      // A blank line (no passage) ends the list.
      else if (passage.line !== before.line + 1) label = -1;
      // "Out of scope:" then "- the invoice PDF renderer.": an item is about what its label names.
      if (label >= 0 && passage.line === before.line + 1) {
        known[position] = label;
        continue;
      }
      label = passage.line === before.line + 1 ? label : -1;
    }
    if (!POINTS_BACK.test(passage.text) && !LABEL.test(before.text)) continue;
    const start = messageStart[position] as number;
    const sameMessage = start !== -1 && start < position;
    if (sameMessage || before.line === passage.line) known[position] = position - 1;
  }
  antecedents.set(parsed, known);
  return known;
}

/**
 * Raises the overlap (`overlapScores`, in place) of each passage that points back to the one before it, by its
 * subject or by a possessive or pronoun inside it, to what the two together share with the question, when that is more: the words
 * of the thing named count for the sentence that says something about it.
 */
export function inheritAntecedentOverlap(
  parsed: ParsedArtifact,
  query: QueryWeights,
  masks: Int32Array,
  overlaps: Float64Array,
): void {
  if (query.weights.length === 0) return;
  const before = antecedentsOf(parsed);
  const owned = possessiveOwnersOf(parsed);
  let weights: number[] | undefined;
  before.forEach((pointed, position) => {
    const antecedent = pointed >= 0 ? pointed : (owned[position] as number);
    if (antecedent < 0) return;
    const joined = (masks[position] as number) | (masks[antecedent] as number);
    if (joined === masks[position]) return;
    if (weights === undefined) {
      const frequency = stemFrequencies(query, masks);
      weights = query.weights.map((weight, bit) => weight * rarity(frequency[bit] as number));
    }
    // A possessive or a pronoun inside only says the sentence is about the thing: the words naming it count
    // half, so that the sentence that names it first-hand still answers for it first.
    const own = masks[position] as number;
    const share = pointed >= 0 ? 1 : POSSESSIVE_SHARE;
    let score = 0;
    for (let bit = 0, rest = joined; rest !== 0; bit++, rest >>>= 1)
      if (rest & 1) score += (weights[bit] as number) * (own & (1 << bit) ? 1 : share);
    if (score > (overlaps[position] as number)) overlaps[position] = score;
  });
}
