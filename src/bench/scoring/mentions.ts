import type { CueMatch } from './cue-trie.js';
import {
  CONTRASTING_NEGATIONS,
  HOLDING_DETERMINERS,
  HOLDING_ENDS,
  HOLDING_VERBS,
  PHRASE_CLOSERS,
  PREDICATE_STOP_WORDS,
  PREDICATE_WINDOW_WORDS,
  REPLACEMENT_CLOSERS,
} from './mention-cues.js';
import { findWholeWords, normalizeText } from './normalize.js';
import { findResponseCues, type ResponseCues, type TrailingCueKind } from './response-cues.js';
import { findLeadingRestrictions, trailingRestriction } from './restriction-cues.js';
import {
  OPENS_CLAUSE,
  OPENS_NOTHING,
  OPENS_PHRASE,
  type SplitResponse,
  splitResponse,
} from './split-response.js';

/** How a response treats a value: never names it, names it as something to do or as current, or only rejects it. */
export type MentionStance = 'absent' | 'affirmed' | 'rejected';

/** One whole-word occurrence of a value in a response, and how its clause treats it. */
export interface Mention {
  /** Where the occurrence starts in the reader's `text` (the response's normalised words). */
  readonly offset: number;
  readonly stance: 'affirmed' | 'rejected';
  /** The cue that rejects it ("never", "is off the table", `label "forbidden"`); absent when affirmed. */
  readonly cue?: string;
}

/** How a response is read. */
export interface MentionOptions {
  /**
   * Read an action given to another party ("only the DBA may X", "X is performed by the DBA only", "X is
   * reserved for the maintainers") as not stated by the responder: a rejection, with the restriction as cue.
   * The scorer's verdicts (judgeItem) read them; off by default, so that a caller asking whether a passage
   * names a word of an action at all ("restart" in "only the on-call may restart the primary") still hears it.
   */
  readonly readRestrictions?: boolean;
}

/** A response read once, so that many values can be looked up in it cheaply. */
export interface MentionReader {
  /** The response's normalised words joined by spaces. */
  readonly text: string;
  /** Every mention of `value`, in order. Empty when the value normalises to nothing. */
  mentions(value: string): Mention[];
  /** 'affirmed' if any mention is affirmed, 'rejected' if every mention rejects it, else 'absent'. */
  classify(value: string): MentionStance;
}

const STOP_WORDS = new Set(PREDICATE_STOP_WORDS.map(normalizeText));
const PHRASE_CLOSING = new Set(PHRASE_CLOSERS.map(normalizeText));
const REPLACEMENT_CLOSING = new Set(REPLACEMENT_CLOSERS.map(normalizeText));
const CONTRASTING = new Set(CONTRASTING_NEGATIONS.map(normalizeText));

/**
 * How a response treats a value. The response is cut into clauses (sentence ends, `;`, line breaks, "but",
 * "however"); each whole-word occurrence of the value is rejected when a rejecting cue comes before it in its
 * clause ("never X", "instead of X") or a rejecting predicate comes after it ("X is off the table",
 * "X (superseded)"), and affirmed otherwise. One affirmed occurrence makes the value affirmed.
 *
 * Deliberate readings: a negation in an earlier clause does not carry over, except that a rejecting label
 * line ("Never do these:") carries to the list items under it; "don't forget to X", "not only X" and
 * "X is not negotiable" affirm X; a double negation ("we can't not X") is read as a rejection, because a
 * second cue does not cancel the first: wrongly calling a rejection an affirmation would punish a compactor
 * for restating a rule, the failure this scorer exists to avoid, and double negatives are rare in
 * instructions. A question that names the value ("Should we X?") affirms it. With `readRestrictions`, an action
 * given to another party ("only the DBA may X", "X is performed by the DBA only") is rejected: it restates who
 * may act, not what the responder will do (see restriction-cues.ts). Linear in the response length.
 *
 * @example
 * classifyMention('Instead of the blue-green rollout we will do a canary.', 'blue-green rollout'); // 'rejected'
 * classifyMention("Don't forget to deploy on Fridays.", 'deploy on Fridays'); // 'affirmed'
 */
export function classifyMention(
  response: string,
  value: string,
  options: MentionOptions = {},
): MentionStance {
  return readMentions(response, options).classify(value);
}

/** Reads a response once for classifyMention-style lookups of many values (one judged item, many forbidden strings). */
export function readMentions(response: string, options: MentionOptions = {}): MentionReader {
  const split = splitResponse(response);
  let cues: ResponseCues | undefined;
  let restricted: readonly (string | undefined)[] | undefined;
  const mentions = (value: string): Mention[] => {
    const spans = findSpans(split, value);
    if (spans.length === 0) return [];
    cues ??= findResponseCues(split);
    if (options.readRestrictions) restricted ??= findLeadingRestrictions(split);
    return judgeSpans(split, cues, spans, restricted);
  };
  const classify = (value: string): MentionStance => {
    const found = mentions(value);
    if (found.length === 0) return 'absent';
    return found.some((mention) => mention.stance === 'affirmed') ? 'affirmed' : 'rejected';
  };
  return { text: split.text, mentions, classify };
}

interface Span {
  readonly offset: number;
  /** First word of the occurrence. */
  readonly first: number;
  /** One past its last word. */
  readonly end: number;
}

/** Whole-word occurrences of the value as word spans, none crossing a clause break unless the value does. */
function findSpans(split: SplitResponse, value: string): Span[] {
  const needle = normalizeText(value);
  const offsets = findWholeWords(split.text, needle);
  if (offsets.length === 0) return [];
  // A value that has a sentence end of its own ("Timeout. Retrying") may cross one; others may not, so
  // "we never deploy. On Fridays we rest" does not mention "deploy on Fridays".
  const valueSpansClauses = splitResponse(value).opens.some(
    (opens, index) => index > 0 && opens === OPENS_CLAUSE,
  );
  const spans: Span[] = [];
  let previousEnd = 0;
  for (const offset of offsets) {
    const first = wordAt(split.starts, offset);
    const end = wordAt(split.starts, offset + needle.length - 1) + 1;
    if (first < previousEnd) continue;
    if (!valueSpansClauses && split.opens.subarray(first + 1, end).includes(OPENS_CLAUSE)) continue;
    spans.push({ offset, first, end });
    previousEnd = end;
  }
  return spans;
}

/** The index of the word that contains `offset` (the last word starting at or before it). */
function wordAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

interface Scope {
  readonly cue: string;
  /** Words that end this rejection early (the replacement's "with", a new subject). */
  readonly closers: ReadonlySet<string> | undefined;
}

/**
 * Walks the words once, keeping the rejection in force at each point (one for the clause, one for the
 * current phrase), and judges each occurrence by that state and by what follows it.
 */
function judgeSpans(
  split: SplitResponse,
  cues: ResponseCues,
  spans: readonly Span[],
  restricted: readonly (string | undefined)[] | undefined,
): Mention[] {
  const { words, opens } = split;
  const startsMention = new Uint8Array(words.length);
  for (const span of spans) startsMention[span.first] = 1;
  const mentions: Mention[] = [];
  let clause: Scope | undefined;
  let phrase: Scope | undefined;
  let next = 0;
  const last = spans[spans.length - 1]?.first ?? 0;
  for (let index = 0; index <= last; index++) {
    const opensHere = opens[index];
    if (opensHere === OPENS_CLAUSE) clause = phrase = undefined;
    else if (opensHere === OPENS_PHRASE) phrase = undefined;
    const word = words[index] as string;
    if (clause?.closers?.has(word)) clause = undefined;
    if (phrase?.closers?.has(word)) phrase = undefined;
    const span = spans[next];
    if (span && span.first === index) {
      const cue =
        cues.labelCue[index] ??
        clause?.cue ??
        phrase?.cue ??
        restricted?.[index] ??
        heldBackCue(split, span) ??
        (restricted ? trailingRestriction(split, span.first, span.end, spans[next + 1]?.first) : undefined) ??
        trailingCue(split, cues, span.end, spans[next + 1]?.first);
      mentions.push(
        cue === undefined
          ? { offset: span.offset, stance: 'affirmed' }
          : { offset: span.offset, stance: 'rejected', cue },
      );
      next++;
      // The value's own words are not cues for what follows: a forbidden "stop the server" names no rule.
      // Its breaks still count: a value with a comma or a sentence end closes the scopes it crosses.
      const crossed = Math.max(0, ...opens.subarray(span.first + 1, span.end));
      if (crossed === OPENS_CLAUSE) clause = phrase = undefined;
      else if (crossed === OPENS_PHRASE) phrase = undefined;
      index = span.end - 1;
      continue;
    }
    // A cue that would swallow the start of an occurrence gives way to a shorter one ("don't | skip the tests").
    const match = cues.leading[index]?.find(
      (candidate) => !startsMention.subarray(index + 1, index + candidate.length).includes(1),
    );
    if (!match) continue;
    if (match.kind === 'breaker' || match.kind === 'phrase-start-breaker') clause = phrase = undefined;
    else if (match.kind === 'clause') clause = { cue: match.phrase, closers: undefined };
    else if (match.kind === 'replacement') clause = { cue: match.phrase, closers: REPLACEMENT_CLOSING };
    else if (match.kind === 'phrase') phrase = { cue: match.phrase, closers: PHRASE_CLOSING };
    index += match.length - 1;
  }
  return mentions;
}

const HOLDING = new Set(HOLDING_VERBS);
const HOLDING_END = new Set(HOLDING_ENDS);
const DETERMINER = new Set(HOLDING_DETERMINERS);

/**
 * "keep X out of this", "leave the X alone": a holding verb right before the value (or before a determiner
 * before it) and its end right after.
 */
function heldBackCue({ words, opens }: SplitResponse, span: Span): string | undefined {
  const before =
    span.first > 0 && DETERMINER.has(words[span.first - 1] as string) ? span.first - 1 : span.first;
  const verb = words[before - 1];
  if (verb === undefined || !HOLDING.has(verb)) return undefined;
  if (opens.subarray(before, span.first + 1).some((opensHere) => opensHere !== OPENS_NOTHING))
    return undefined;
  const end = words[span.end];
  if (end === undefined || opens[span.end] === OPENS_CLAUSE || !HOLDING_END.has(end)) return undefined;
  return `${verb} … ${end}`;
}

/**
 * The rejecting predicate that follows an occurrence ending before word `end`, if any: a marker right after
 * it ("(old)", "superseded"), or a predicate within PREDICATE_WINDOW_WORDS words of the same clause that no
 * other statement comes before ("X, as we agreed, is off the table", but not "X is fine, Y is out").
 */
function trailingCue(
  split: SplitResponse,
  cues: ResponseCues,
  end: number,
  nextMention: number | undefined,
): string | undefined {
  const { words, opens } = split;
  // "X, never Y": a negation opening a phrase that goes on is about Y.
  const contrasts = (index: number, match: CueMatch<TrailingCueKind>) =>
    opens[index] === OPENS_PHRASE &&
    CONTRASTING.has(normalizeText(match.phrase)) &&
    opens[index + match.length] === OPENS_NOTHING;
  const marker = end < words.length && opens[end] !== OPENS_CLAUSE ? cues.markerAt(end) : undefined;
  if (marker) return contrasts(end, marker) ? undefined : marker.phrase;
  // What follows the next occurrence of the value is about that occurrence.
  const limit = Math.min(words.length, end + PREDICATE_WINDOW_WORDS, nextMention ?? words.length);
  for (let index = end; index < limit && opens[index] !== OPENS_CLAUSE; index++) {
    const leading = cues.leading[index]?.[0];
    if (leading?.kind === 'breaker' || leading?.kind === 'phrase-start-breaker') return undefined;
    const predicate = cues.predicateAt(index);
    if (predicate)
      return predicate.kind === 'reject' && !contrasts(index, predicate) ? predicate.phrase : undefined;
    if (STOP_WORDS.has(words[index] as string)) return undefined;
  }
  return undefined;
}
