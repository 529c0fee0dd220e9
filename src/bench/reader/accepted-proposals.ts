import { otherThanFaulted } from './faulted-option.js';
import { type OptionReference, readOptionReference, resolveOptionReference } from './option-reference.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { type Proposal, readProposal, recommendationParts } from './proposal-options.js';
import {
  type MessageUnit,
  messageText,
  messageUnits,
  type TranscriptMessage,
  transcriptMessages,
} from './transcript-messages.js';

/** A proposal the user accepted, and what it leaves out. */
export interface AcceptedProposal {
  /** The first passage of the user's accepting reply. */
  acceptance: Passage;
  /** The accepted option, as written. */
  chosen: MessageUnit[];
  /** What the proposal set aside: its other options and discussion, and the user's own earlier suggestion. */
  setAside: MessageUnit[];
  /** Which group of what was set aside a sentence belongs to: an option, or the user's suggestion. */
  groupOf: Map<MessageUnit, string>;
  /**
   * The rest of the user's suggestion message: the problem it states ("the new ranking is code complete"),
   * which the accepted option answers too, so its words tell neither apart.
   */
  topic: MessageUnit[];
  /** Positions of the proposal's message and of the user's suggestion it answered: what it settles. */
  settles: { start: number; end: number }[];
  /** Positions of the accepting reply. */
  reply: { start: number; end: number };
}

/** Every accepted proposal of an artifact, and per position what it is to them. */
export interface ProposalIndex {
  accepted: AcceptedProposal[];
  /** The accepted proposal a position belongs to (the proposal, the suggestion it answered, or the reply). */
  proposalAt: Map<number, AcceptedProposal>;
  /** Positions holding an accepted option or an accepting reply: decisions, cue word or not. */
  decided: Set<number>;
  /** Positions holding only options set aside: no longer the plan. */
  setAside: Set<number>;
}

// A reply that agrees: "yes", "sounds good", "works for me", "go ahead", "fair enough", "👍".
const AGREES =
  /^(?:\p{Extended_Pictographic}|\+1\b|(?:(?:oh|ah|well|great|right)[,!]?\s+)?(?:yes|yep|yeah|yup|sure|ok|okay|sounds (?:good|great|fine|right)|works for me|that works|go ahead|go for it|do (?:that|it)|let'?s do (?:that|it|this)|perfect|agreed|fine|fair enough|deal|ship it|lgtm|great|makes sense|please do|good call|love it|let'?s go with (?:that|it|this)|alright|all right|cool|nice|approved|absolutely|definitely|of course|excellent|go with (?:that|it|this))\b)/iu;

// A reply that declines or holds back: "no", "neither", "hm, let me think", "wait".
const DECLINES =
  /^(?:no\b(?!\s+(?:rush|worries|problem|hurry|pressure|stress)\b)|nope\b|nah\b|not\b|neither\b|none\b|don'?t\b|hold off\b|hmm*\b|hm\b|wait\b|let me think\b|I'?d rather not\b|rather not\b)/i;

// An agreement that goes on to change what was proposed: "yes, but…", "ok, except…".
const QUALIFIED = /^[^.!?]*\b(?:but|except|although|though|only if|as long as|instead)\b/i;

/** How many sentences of a reply are read for an acceptance, and at most how many characters of them. */
const HEAD_SENTENCES = 3;
const MAX_HEAD = 320;

// What the reply says before its point: "Back to this morning: …", "Okay, so — …".
const LEAD_IN = /^[^:—–]{0,60}[:—–]\s*/;

// A lead-in that announces the point to follow: "Okay, so —", "Right, so:", "So:".
const ANNOUNCES_POINT = /^[^:—–]{0,30}\bso\s*[:—–]/i;

/** How many messages back a reply that names an option ("your second option") may point. */
const REFERENCE_REACH = 6;

// A user's own idea, which the assistant's proposal may argue against: "I'd just…", "maybe…", "how about…".
const SUGGESTS =
  /\b(?:I'?d (?:just )?[a-z]+|I was thinking|maybe|how about|what about|why don'?t we|could we|can we|should we|let'?s|we (?:could|should)|just (?:put|add|use|bump|raise|flip|turn|call|make|do|drop|set))\b/i;

const indexes = new WeakMap<ParsedArtifact, ProposalIndex>();

/** The reply's reading: the option it names, or agreement with what was recommended; undefined if neither. */
function readReply(
  units: readonly MessageUnit[],
): { reference: OptionReference; bare: boolean; agrees: boolean; plain: boolean } | undefined {
  const sentences = units.slice(0, HEAD_SENTENCES).map((unit) => unit.text);
  const head = sentences.join(' ').slice(0, MAX_HEAD);
  // Each sentence without its lead-in: an aside may come first ("Separately, standup moved. Anyway: yes, do that").
  // The first sentence is also read whole ("Sounds good — thanks!"), unless its lead-in announces the point
  // ("Okay, so — pagination yes, the path stays": "okay" there agrees to nothing yet).
  const first = sentences[0] ?? '';
  const openings = [
    ...sentences.map((sentence) => sentence.replace(LEAD_IN, '')),
    ...(ANNOUNCES_POINT.test(first) ? [] : [first]),
  ];
  const agrees = openings.some((text) => AGREES.test(text));
  // A plain agreement: the first opening that declines or agrees decides.
  let plain: boolean | undefined;
  for (const text of openings) {
    if (DECLINES.test(text)) plain ??= false;
    if (AGREES.test(text) && !QUALIFIED.test(text) && !/^[^.!]*\?/.test(text)) plain ??= true;
  }
  // A question names an option to ask about it ("what's your plan for the cache?"), not to pick it.
  let reference: OptionReference | undefined;
  for (const text of [...openings, head]) {
    if (!text.includes('?')) reference ??= readOptionReference(text);
  }
  if (reference !== undefined && !/^(?:neither|none)\b/i.test(openings[0] ?? '')) {
    return { reference, bare: false, agrees, plain: plain === true };
  }
  return plain === true ? { reference: { kind: 'recommended' }, bare: true, agrees, plain } : undefined;
}

function range(message: TranscriptMessage): { start: number; end: number } {
  return { start: message.start, end: message.end };
}

/**
 * The proposals the user accepted in a transcript-shaped artifact, read once per parsed artifact. A user's
 * reply accepts a proposal when it names one of its options ("the second option", "the latter", "option B",
 * "the one with the queue", "what you suggested"; up to six messages back) or, right after it, agrees
 * ("sounds good", "yes, do that") with the option the proposal recommends. A reply that declines, or agrees
 * "but…", accepts nothing.
 */
export function proposalIndex(parsed: ParsedArtifact): ProposalIndex {
  const known = indexes.get(parsed);
  if (known !== undefined) return known;
  const index: ProposalIndex = {
    accepted: [],
    proposalAt: new Map(),
    decided: new Set(),
    setAside: new Set(),
  };
  const messages = transcriptMessages(parsed);
  const proposals = new Map<TranscriptMessage, Proposal | undefined>();
  const proposalOf = (message: TranscriptMessage) => {
    if (!proposals.has(message)) proposals.set(message, readProposal(messageUnits(parsed, message)));
    return proposals.get(message);
  };
  messages.forEach((reply, at) => {
    if (reply.role !== 'user') return;
    const reading = readReply(messageUnits(parsed, reply));
    if (reading === undefined) return;
    let crossed = false;
    for (let back = at - 1; back >= Math.max(0, at - REFERENCE_REACH); back--) {
      const message = messages[back] as TranscriptMessage;
      // A bare "sounds good" answers the assistant's last turn only.
      if (message.role === 'user') {
        if (reading.bare) return;
        crossed = true;
        continue;
      }
      if (message.role !== 'assistant') continue;
      const whole = proposalOf(message);
      if (whole === undefined) continue;
      // A yes to one part of a recommendation ("pagination yes") accepts that part, not the rest.
      const part = reading.reference.kind === 'content' && reading.reference.part === true;
      // One that cannot be split into parts is not accepted whole by a yes to a part of it.
      const proposal = part && whole.options.length === 1 ? recommendationParts(whole) : whole;
      // "Oh yes, do that": a reference that names nothing here leaves a plain agreement to the last turn.
      const fallback = () => {
        if (!reading.plain || crossed || whole.recommended === undefined) return false;
        record(index, parsed, messages, back, whole, whole.recommended, reply);
        return true;
      };
      if (proposal === undefined) {
        if (fallback()) return;
        continue;
      }
      // Words of a single recommendation in a reply ("let's use the uploader's queue") may be a counter-proposal:
      // only with agreement ("fair enough, the queue route then") do they accept it.
      if (reading.reference.kind === 'content' && !part && proposal.options.length < 2 && !reading.agrees)
        continue;
      // "the one with the queue" when no option says "queue": a reason that repeats one option's drawback
      // picks the other.
      const chosen =
        resolveOptionReference(reading.reference, proposal.options, proposal.recommended) ??
        (reading.reference.kind === 'content'
          ? otherThanFaulted(proposal, messageUnits(parsed, reply))
          : undefined);
      // A bare "sounds good" to options with no recommendation picks none of them.
      if (chosen === undefined) {
        if (reading.bare || fallback()) return;
        continue;
      }
      record(index, parsed, messages, back, proposal, chosen, reply);
      return;
    }
  });
  indexes.set(parsed, index);
  return index;
}

function record(
  index: ProposalIndex,
  parsed: ParsedArtifact,
  messages: readonly TranscriptMessage[],
  at: number,
  proposal: Proposal,
  chosen: number,
  reply: TranscriptMessage,
): void {
  const message = messages[at] as TranscriptMessage;
  const suggestion = messages.slice(Math.max(0, at - 4), at).findLast((earlier) => earlier.role === 'user');
  const suggested =
    suggestion !== undefined && messageUnits(parsed, suggestion).some((unit) => SUGGESTS.test(unit.text))
      ? suggestion
      : undefined;
  const chosenUnits = (proposal.options[chosen] as Proposal['options'][number]).units;
  const suggestionUnits = suggested === undefined ? [] : messageUnits(parsed, suggested);
  const suggesting = suggestionUnits.filter((unit) => SUGGESTS.test(unit.text));
  const setAside = [
    ...proposal.options.filter((_, position) => position !== chosen).flatMap((entry) => entry.units),
    ...proposal.arguedAgainst,
    ...suggesting,
  ];
  const groupOf = new Map<MessageUnit, string>();
  proposal.options.forEach((entry, position) => {
    for (const unit of entry.units) groupOf.set(unit, `option ${position}`);
  });
  for (const unit of suggesting) groupOf.set(unit, 'suggestion');
  const accepted: AcceptedProposal = {
    groupOf,
    topic: suggestionUnits.filter((unit) => !suggesting.includes(unit)),
    acceptance: parsed.passages[reply.start] as Passage,
    chosen: chosenUnits,
    setAside,
    settles: suggested === undefined ? [range(message)] : [range(suggested), range(message)],
    reply: range(reply),
  };
  index.accepted.push(accepted);
  for (const span of [...accepted.settles, accepted.reply]) {
    for (let position = span.start; position < span.end; position++) index.proposalAt.set(position, accepted);
  }
  const chosenPositions = new Set(chosenUnits.map((unit) => unit.position));
  for (const position of chosenPositions) index.decided.add(position);
  index.decided.add(reply.start);
  for (const unit of proposal.options.flatMap((entry, position) =>
    position === chosen ? [] : entry.units,
  )) {
    if (!chosenPositions.has(unit.position)) index.setAside.add(unit.position);
  }
}

/** The accepted option's text, as one passage would read. */
export function chosenText(accepted: AcceptedProposal): string {
  return messageText(accepted.chosen);
}

/**
 * The texts to quote for answer passages when one sits in an accepted proposal: such a passage ("go with your
 * second option", or the proposal itself) stands for the option accepted, then the acceptance. Undefined when
 * none does.
 */
export function withAcceptedDecisions(
  parsed: ParsedArtifact,
  passages: readonly Passage[],
): { texts: string[]; passages: Passage[] } | undefined {
  const { proposalAt } = proposalIndex(parsed);
  if (!passages.some((passage) => proposalAt.has(passage.position))) return undefined;
  const texts = new Set<string>();
  const quoted = new Set<Passage>();
  for (const passage of passages) {
    const accepted = proposalAt.get(passage.position);
    if (accepted === undefined) {
      texts.add(passage.text);
      quoted.add(passage);
      continue;
    }
    const chosen = parsed.passages[accepted.chosen[0]?.position ?? accepted.acceptance.position] as Passage;
    texts.add(chosenText(accepted)).add(accepted.acceptance.text);
    quoted.add(chosen).add(accepted.acceptance);
  }
  return { texts: [...texts], passages: [...quoted] };
}

/** The share of the best overlap a passage of an accepted option needs to gain in a fact question. */
const FACT_SHARE = 0.5;

/**
 * How accepted proposals change a decision question's passage scores, or undefined when the artifact has none:
 * a passage holding an accepted option or an acceptance gains `decided` (as if listed under Locked decisions)
 * when it is about the question; one holding only options passed over is multiplied by `setAside`. An
 * acceptance is about what the proposal it accepts is about: "yep, the cheaper one" holds none of the words of
 * "which instance type did we pick?", the proposal ("I benchmarked two instance types") does, so it counts the
 * best overlap among the proposal, the suggestion it answered and the reply. With `fact` (a fact question) an
 * acceptance counts only its own words ("yep, the cheaper one" states no fact of the option), and a passage
 * gains only when it shares at least half as much with the question as the passage sharing most: an option
 * that shares one word ("caching") does not outrank the message that states the fact ("3.1s p95 … caching").
 */
export function acceptedProposalScoring(
  parsed: ParsedArtifact,
  overlaps: Float64Array,
  weights: { decided: number; setAside: number; fact?: boolean },
): ((position: number, overlap: number, score: number) => number) | undefined {
  const index = proposalIndex(parsed);
  if (index.accepted.length === 0) return undefined;
  const topics = new Map<number, number>();
  for (const accepted of index.accepted) {
    let best = 0;
    for (const span of [...accepted.settles, accepted.reply]) {
      for (let position = span.start; position < span.end; position++) {
        best = Math.max(best, overlaps[position] as number);
      }
    }
    topics.set(accepted.acceptance.position, best);
  }
  const fact = weights.fact === true;
  let most = 0;
  if (fact) for (const overlap of overlaps) most = Math.max(most, overlap);
  return (position, overlap, score) => {
    if (fact) {
      if (overlap > 0 && overlap >= FACT_SHARE * most && index.decided.has(position))
        return score + weights.decided;
      return index.setAside.has(position) ? score * weights.setAside : score;
    }
    const topic = Math.max(overlap, topics.get(position) ?? 0);
    if (topic > 0 && index.decided.has(position)) return score + weights.decided + topic - overlap;
    return index.setAside.has(position) ? score * weights.setAside : score;
  };
}
