import { normalizeText } from '../scoring/normalize.js';
import { contentStems } from './content-words.js';
import { rarity } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, fullMask, matchMasks, overlapScores } from './query-weights.js';
import type { QuestionShape } from './question-shape.js';

const CUE_WEIGHT = 1.5;
const QUOTE_WEIGHT = 1;
/** How much a referent right before the quoting passage gains over one at the start of the text. */
const NEARNESS_WEIGHT = 1;

/**
 * The passage a quoted phrase points back to. A question such as "when the user said 'given that rule', which
 * rule was meant?" quotes a passage that refers to an earlier one; the answer is that earlier passage, not the
 * quote. The quoting passage is the latest holding every content word of the quote. The referent is chosen among
 * the passages before it, and the entries of Forbidden behaviors and Locked decisions wherever they sit (notes
 * kept by section are not in the order things were said), that `canAnswer` admits (one with a name, for
 * "who"). It scores the question's score (`scores`, which already weigh the quote's words, so "the same rule we
 * set for billing" favours rules about billing), plus the quote's words again, plus the rule or decision it
 * states, plus nearness to the quote (a reference points at what was said last). A question asking for a rule
 * needs a rule; one asking for a preference or decision needs a rule or a decision. Not consulted when the
 * question's `best` passage (undefined: none scored enough) comes after the quote. Undefined when the quote is not found or no candidate scores
 * at least `threshold`.
 */
export function resolveReference(
  parsed: ParsedArtifact,
  { quoted: quotes, asksFor, wants }: QuestionShape,
  scores: Float64Array,
  threshold: number,
  { best, canAnswer }: { best: number | undefined; canAnswer: (position: number) => boolean },
): Passage | undefined {
  const quoting = quotingPosition(parsed, quotes);
  if (quoting === undefined) return undefined;
  if (best !== undefined) {
    // A best passage after the quote answers the question itself (a later restatement: "so the hand-written
    // parser is in dates.ts"); one at the quote or before it is what the reference is resolved against.
    if (best > quoting) return undefined;
    // A best passage with the kind of value asked for ("which file": a path) answers, quote or not.
    if (wants.length > 0 && canAnswer(best)) return undefined;
  }
  const { passages, cueFrequency } = parsed;
  // The quote's own words count twice: "what we said about search" points at what was said about search.
  const quoteOverlaps = overlapScores(
    parsed,
    buildQueryWeights([{ stems: contentStems(quotes.join(' ')), weight: QUOTE_WEIGHT }]),
  );
  let referent: number | undefined;
  let bestScore = threshold;
  for (let position = 0; position < passages.length; position++) {
    const passage = passages[position] as Passage;
    // In notes kept by section, a rule or decision can sit anywhere; in a transcript it came before the quote.
    const listed = passage.section === 'Forbidden behaviors' || passage.section === 'Locked decisions';
    if ((position >= quoting && !listed) || position === quoting || !canAnswer(position)) continue;
    // An entry under Forbidden behaviors is a rule, one under Locked decisions a decision, cue word or not.
    let cue = passage.section === 'Forbidden behaviors' ? 1 : 0;
    for (const id of passage.cues.rule) cue = Math.max(cue, rarity(cueFrequency[id] as number));
    if (asksFor !== 'rule' && passage.section === 'Locked decisions') cue = 1;
    // "Which rule were they pointing at?" is answered by a rule, "which preference" by a rule or a decision,
    // not by a mention of the topic ("find every use of X" is no rule).
    if (asksFor !== 'rule') {
      for (const id of passage.cues.decision) cue = Math.max(cue, rarity(cueFrequency[id] as number));
    }
    // A question ("any rules before we begin?") asks for a rule; it states none.
    if (asksFor !== undefined && (cue === 0 || passage.text.includes('?'))) continue;
    const base = (scores[position] as number) + (quoteOverlaps[position] as number) + CUE_WEIGHT * cue;
    if (base < threshold) continue;
    const score = base + (position < quoting ? (NEARNESS_WEIGHT * position) / quoting : 0);
    if (score >= bestScore) {
      referent = position;
      bestScore = score;
    }
  }
  return referent === undefined ? undefined : (passages[referent] as Passage);
}

/** Each quote's masks: which of its content words each passage holds, and the mask holding all of them. */
function quoteMasks(parsed: ParsedArtifact, quotes: readonly string[]): { masks: Int32Array; all: number }[] {
  return quotes.flatMap((quote) => {
    const stems = contentStems(quote);
    if (stems.length === 0) return [];
    // A quote with more than 31 content words is cut to its first 31 by the query: still a precise match.
    const query = buildQueryWeights([{ stems, weight: 1 }]);
    return [{ masks: matchMasks(parsed, query), all: fullMask(query) }];
  });
}

/**
 * The latest passage that says one of the quotes as written, else the latest holding every content word of
 * one: a quote of a few common words ("the first one") is said where its words stand together, not in every
 * later line that holds "first".
 */
function quotingPosition(parsed: ParsedArtifact, quotes: readonly string[]): number | undefined {
  const phrases = quotes.map((quote) => ` ${normalizeText(quote)} `).filter((phrase) => phrase.trim() !== '');
  const { passages } = parsed;
  for (let position = passages.length - 1; position >= 0; position--) {
    const normalized = ` ${(passages[position] as Passage).normalized} `;
    if (phrases.some((phrase) => normalized.includes(phrase))) return position;
  }
  let latest: number | undefined;
  for (const { masks, all } of quoteMasks(parsed, quotes)) {
    const position = masks.lastIndexOf(all);
    if (position >= 0 && (latest === undefined || position > latest)) latest = position;
  }
  return latest;
}
