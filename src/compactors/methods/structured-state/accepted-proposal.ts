/**
 * A decision made by agreeing: the assistant proposes ("we could shard by tenant, or stream the writes; I'd
 * shard") and the user answers "yes, do that", "sounds good, go with your second option", "the latter". The
 * reply alone says nothing a later reader can use; the decision is the proposal it accepted, and the options
 * the user passed over are recorded as not chosen.
 */
import type { Ledger } from './ledger.js';
import { splitSentences } from './split-sentences.js';
import { topicWords } from './topic-words.js';

// A reply that opens by agreeing or by pointing at one of the options.
const ACCEPTS =
  /^(?:yes|yeah|yep|yup|sure|ok(?:ay)?|alright|sounds (?:good|great|fine|right|reasonable|like a plan)|works for me|that works|perfect|great|agreed|deal|fine by me|lgtm|looks good|makes sense|approved|please do|(?:let'?s )?do (?:it|that|this|so)|go (?:for it|ahead)|(?:let'?s )?go with|ship it|the (?:latter|former)|(?:the |your )?(?:first|second|third|last|1st|2nd|3rd) (?:one|option|suggestion|idea|approach|proposal|choice)|option (?:one|two|three|four|[1-9a-d])\b|i'?ll (?:take|go with)|i like (?:the|your|that)|i'?m (?:fine|ok|okay|happy) with)/;

// A reply longer than this is a message of its own, not an answer to a proposal.
const MAX_REPLY_WORDS = 30;

const LIST_ITEM =
  /^(?:[-*•]|\d+[.)]|\(?[a-d1-9]\)|(?:option|choice|approach|alternative) (?:one|two|three|four|[1-9a-d])\s*[:.)—–-])\s*(.+)$/i;
const NAMED_OPTION =
  /^(?:(?:option|choice|approach|alternative|plan) (?:one|two|three|four|[1-9a-d])\b\s*[:.)—–-]?|(?:the )?(?:first|second|third|other) (?:option|approach|choice|way|idea)(?: is| would be|:)|(?:one|another|a second|a third) (?:option|approach|way|idea|possibility)(?: is| would be|:)|alternatively,?|or,)\s*(?:to |we could |i could )?(.+)$/i;
const EITHER =
  /\beither (.+?),? or (.+)$|\b(?:we|i|you) could (.+?)(?:,| —| –)? or (?:(?:we|i|you) (?:could )?)?(.+)$/i;
const PROPOSES =
  /\b(?:i (?:suggest|propose|recommend|can|could)|i'd (?:suggest|recommend|propose|go with|lean|pick|prefer|like to)|shall i|should i|want me to|do you want me to|how about|what about|we could|we should|my (?:plan|proposal|suggestion|recommendation) (?:is|would be)|the plan (?:is|would be)|plan:)/i;
const RECOMMENDS =
  /\b(?:i'?d (?:lean|go|pick|prefer|recommend|suggest|choose|vote)|i (?:lean|recommend|suggest|prefer)|my (?:vote|pick|preference|recommendation|suggestion)|(?:is|seems|looks) (?:the )?(?:better|safer|simpler|best|cleaner|faster) (?:option|choice|bet|way|approach)?|recommended|preferred)\b/i;
// Lead words of a proposal that are not part of what is proposed.
const LEAD =
  /^(?:(?:i think |maybe |so )?(?:we|i|you) (?:could|can|should|might)(?: also)?|i(?:'d| would) (?:suggest|recommend|propose|go with|lean (?:to|towards?)|pick|prefer|like to)|i (?:suggest|propose|recommend)(?: that)?(?: we)?|how about|what about|shall i|should i|(?:do you )?want me to|let me|my (?:plan|proposal|suggestion|recommendation) (?:is|would be)|the plan (?:is|would be)|plan:)\s*/i;

const ORDINALS: readonly [RegExp, (count: number) => number][] = [
  [/\b(?:first|former|1st|option (?:one|1|a))\b/, () => 0],
  [/\b(?:second|2nd|option (?:two|2|b))\b/, () => 1],
  [/\b(?:third|3rd|option (?:three|3|c))\b/, () => 2],
  [/\b(?:latter|last)\b/, (count) => count - 1],
];

/** What a proposal offered: its options in order, and the one the assistant recommended, when it said. */
export interface Proposal {
  options: string[];
  recommended: number | undefined;
}

function clean(option: string): string {
  return option
    .replace(/\*\*|__/g, '')
    .replace(LEAD, '')
    .replace(/\s*\(?(?:recommended|preferred|my pick)\)?[.:]?\s*$/i, '')
    .replace(/[?:]\s*$/, '')
    .trim();
}

/** The options an assistant message proposes: a list, named options, "either X or Y", or one proposal. */
export function readProposal(text: string): Proposal | undefined {
  const sentences = splitSentences(text);
  let options: string[] = [];
  let recommended: number | undefined;
  const add = (raw: string) => {
    if (RECOMMENDS.test(raw)) recommended = options.length;
    const option = clean(raw);
    if (option.split(/\s+/).length >= 2) options.push(option);
  };
  for (const line of text.split(/\r?\n/)) {
    const item = line.trim().match(LIST_ITEM)?.[1];
    if (item !== undefined) add(item);
  }
  if (options.length < 2) {
    options = [];
    for (const sentence of sentences) {
      const named = sentence.match(NAMED_OPTION)?.[1];
      if (named !== undefined) add(named);
    }
  }
  if (options.length < 2) {
    options = [];
    for (const sentence of sentences) {
      const either = sentence.match(EITHER);
      if (either === null) continue;
      add(`${either[1] ?? either[3]}`);
      add(`${either[2] ?? either[4]}`);
      break;
    }
  }
  if (options.length < 2) {
    options = [];
    const proposal = sentences.filter((sentence) => PROPOSES.test(sentence)).at(-1);
    if (proposal !== undefined) add(proposal);
  }
  if (options.length === 0) return undefined;
  // "I'd lean to sharding" after the options: the option sharing most words with it.
  const recommendation = sentences.find((sentence) => RECOMMENDS.test(sentence));
  if (recommended === undefined && recommendation !== undefined && options.length > 1) {
    recommended = bestMatch(options, recommendation);
  }
  return { options, recommended };
}

// Words compared by their first letters, so "sharding" meets "shard" and "batched" meets "batch".
const STEM_LETTERS = 5;
function stems(text: string): Set<string> {
  return new Set([...topicWords(text)].map((word) => word.slice(0, STEM_LETTERS)));
}

/** The option sharing the most content words with `text`, when exactly one shares the most. */
function bestMatch(options: readonly string[], text: string): number | undefined {
  const words = stems(text);
  const shared = options.map((option) => [...stems(option)].filter((word) => words.has(word)).length);
  const most = Math.max(...shared);
  if (most === 0 || shared.filter((count) => count === most).length > 1) return undefined;
  return shared.indexOf(most);
}

/** Whether a user message is a short reply that agrees or points at an option. */
export function isAcceptance(reply: string): boolean {
  const lower = reply.trim().toLowerCase();
  return ACCEPTS.test(lower) && lower.split(/\s+/).length <= MAX_REPLY_WORDS;
}

/**
 * The option a reply accepts: one it points at ("the second one", "the latter"), one it names, else the one the
 * assistant recommended, else the only one. Undefined when the reply does not say which.
 */
export function chosenOption(proposal: Proposal, reply: string): number | undefined {
  const lower = reply.toLowerCase();
  const count = proposal.options.length;
  for (const [pattern, index] of ORDINALS) {
    if (pattern.test(lower)) {
      const at = index(count);
      return at >= 0 && at < count ? at : undefined;
    }
  }
  if (count > 1) {
    const named = bestMatch(proposal.options, reply);
    if (named !== undefined) return named;
  }
  if (proposal.recommended !== undefined) return proposal.recommended;
  return count === 1 ? 0 : undefined;
}

export const ACCEPTED_PREFIX = 'Accepted proposal: ';
export const NOT_CHOSEN_PREFIX = 'Not chosen: ';
const MAX_OPTION_CHARS = 300;

/**
 * Records what a reply accepted of the proposal before it: the chosen option as a decision, the options passed
 * over as not chosen. Returns whether it found what was accepted.
 */
export function recordAcceptance(ledger: Ledger, proposalText: string, reply: string): boolean {
  if (!isAcceptance(reply)) return false;
  const proposal = readProposal(proposalText);
  if (proposal === undefined) return false;
  const chosen = chosenOption(proposal, reply);
  if (chosen === undefined) return false;
  proposal.options.forEach((option, at) => {
    const text = option.length <= MAX_OPTION_CHARS ? option : `${option.slice(0, MAX_OPTION_CHARS - 1)}…`;
    if (at === chosen) ledger.add('decision', `${ACCEPTED_PREFIX}${text}`);
    else ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${text}`);
  });
  return true;
}
