import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, fullMask, matchMasks, overlapScores } from './query-weights.js';
import { sentenceAround } from './said-passages.js';
import { toolExchanges } from './tool-exchanges.js';

/**
 * A sentence that gives its value by pointing at where it was stated, not by restating it: "trust the file",
 * "go with what their docs recommend", "use that signing key too", "with the index you benchmarked", "plain
 * HTTP like before". The value is where it points; the reader quotes that statement with the sentence.
 */

// A document deferred to: "trust the config", "per the docs", "what the guide recommends", "the documented
// value".
const DEFERS_TO_DOCUMENT =
  /\b(?:trust|per|follow|use|go with|going with|stick (?:to|with)|as in|according to|whatever)\s+(?:what\s+)?(?:the|their|our|its|that)\s+(?:file|config|configuration|docs?|documentation|guide|manual|readme|spec|runbook|recommendation)s?\b|\bdocumented\b|\bwhat (?:the|their|our|its) (?:file|config|configuration|docs?|documentation|guide|manual|readme|spec|runbook)s? (?:says?|recommends?|suggests?|has|gives?)\b/i;

// Something named and pointed at: "that signing key", "the same bucket", "the index you benchmarked", "the
// flags from before".
const NAMED_BACK =
  /\b(?:that|the same)\s+(?<near>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)|\bthe\s+(?<done>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:you|we|I|they)\s+(?:just\s+)?(?:tested|tried|benchmarked|measured|found|picked|chose|suggested|proposed|mentioned|recommended|wrote|drafted|built|showed|described|set up|configured)\b|\bthe\s+(?<earlier>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+from (?:before|earlier|above)\b/gi;

// A return to how things were: "like before", "as it was", "the old way".
const AS_BEFORE =
  /\b(?:like|as)\s+(?:before|it was|we had it|originally|at first|we used to)\b|\bthe (?:old|original|previous) way\b/i;

// The first of the plans made: "the first approach was better", "back to the original plan".
const FIRST_PLAN =
  /\bthe (?:first|original|initial) (?:approach|plan|idea|option|proposal|design|version|suggestion|choice)\b/i;

/** The first plan is the earliest decision scoring at least this share of the best one before the pointer. */
const FIRST_PLAN_SHARE = 0.6;

// Words of the pointer itself: what it says is where to look, not what is there.
const POINTER_WORDS = new Set(
  contentStems('like before as it was had originally first used the old original previous way same that'),
);

/** What a pointed-at statement must do better than: a rare word of the sentence, or the question's threshold. */
const MIN_POINTED_SCORE = 0.5;

/** A statement pointed at, and what of it to quote. */
export interface Pointed {
  passage: Passage;
  quote: string;
}

/**
 * The statement a passage points at for what the question asks (`asked`: its content stems), when the passage
 * gives it only by pointing: the passage of a document the conversation read before it, that scores best for
 * the question (`scores`); the passage naming what "that X" or "the X you tested" names that scores best for
 * it, when X is what the question asks about; the earlier passage most about what "like before" returns to,
 * quoted by its sentences about it (the same line may go on to propose the plan since dropped); the first plan
 * made about it for "the first approach was better". `canAnswer`
 * says which passages hold the kind of value asked for. Undefined when the passage points nowhere, or at
 * nothing found.
 */
export function pointedStatement(
  parsed: ParsedArtifact,
  passage: Passage,
  asked: ReadonlySet<string>,
  scores: Float64Array,
  canAnswer: (position: number) => boolean,
): Pointed | undefined {
  const { text, position } = passage;
  if (DEFERS_TO_DOCUMENT.test(text)) {
    const { inOutput } = toolExchanges(parsed);
    const found = bestBefore(position, scores, (at) => inOutput[at] === 1 && canAnswer(at));
    if (found !== undefined) return whole(parsed.passages[found] as Passage);
  }
  for (const match of text.matchAll(NAMED_BACK)) {
    const named = match.groups?.near ?? match.groups?.done ?? match.groups?.earlier ?? '';
    const stems = contentStems(named).filter((stem) => !POINTER_WORDS.has(stem));
    if (stems.length === 0 || !stems.every((stem) => asked.has(stem))) continue;
    // The passage that names it, best about the question: "the index you tested" is the index the test used.
    const query = buildQueryWeights([{ stems, weight: 1 }]);
    const masks = matchMasks(parsed, query);
    const all = fullMask(query);
    const found = bestBefore(position, scores, (at) => masks[at] === all && canAnswer(at));
    if (found !== undefined) return whole(parsed.passages[found] as Passage);
  }
  const back = AS_BEFORE.exec(text);
  if (back !== null) {
    const sentence = sentenceAround(text, back.index);
    const stems = contentStems(sentence).filter((stem) => !POINTER_WORDS.has(stem));
    if (stems.length === 0) return undefined;
    const about = overlapScores(parsed, buildQueryWeights([{ stems, weight: 1 }]));
    const found = bestBefore(position, about, () => true);
    if (found === undefined) return undefined;
    const returned = parsed.passages[found] as Passage;
    return { passage: returned, quote: mostAbout(returned.text, new Set(stems)) };
  }
  if (FIRST_PLAN.test(text)) {
    const first = firstPlan(parsed, position, scores);
    if (first !== undefined) return whole(first);
  }
  return undefined;
}

/**
 * The first plan made about what the question asks, before `end`: the earliest passage with a decision cue
 * scoring at least `FIRST_PLAN_SHARE` of the best such passage.
 */
function firstPlan(parsed: ParsedArtifact, end: number, scores: Float64Array): Passage | undefined {
  const plans = parsed.passages
    .slice(0, end)
    .filter((passage) => passage.cues.decision.length > 0 || passage.cues.override.length > 0);
  const best = Math.max(MIN_POINTED_SCORE, ...plans.map((passage) => scores[passage.position] as number));
  return plans.find((passage) => (scores[passage.position] as number) >= FIRST_PLAN_SHARE * best);
}

function whole(passage: Passage): Pointed {
  return { passage, quote: passage.text };
}

// A sentence ends at ". ", "! " or "? ".
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

/** The sentences of `text` sharing the most of `stems`, in order. */
function mostAbout(text: string, stems: ReadonlySet<string>): string {
  const sentences = text.split(SENTENCE_BREAK);
  const shared = sentences.map((sentence) => contentStems(sentence).filter((stem) => stems.has(stem)).length);
  const most = Math.max(...shared);
  return sentences.filter((_, index) => shared[index] === most).join(' ');
}

/**
 * The position before `end` with the highest `score`, among those `admits` admits and scoring at least
 * `MIN_POINTED_SCORE`; the later on a tie. Undefined when none does.
 */
function bestBefore(
  end: number,
  score: Float64Array,
  admits: (position: number) => boolean,
): number | undefined {
  let best: number | undefined;
  let bestScore = MIN_POINTED_SCORE;
  for (let position = 0; position < end; position++) {
    const own = score[position] as number;
    if (own < bestScore || !admits(position)) continue;
    best = position;
    bestScore = own;
  }
  return best;
}
