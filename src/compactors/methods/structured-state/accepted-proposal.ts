/**
 * A decision made by agreeing: the assistant proposes ("we could shard by tenant, or stream the writes; I'd
 * shard") and the user answers "yes, do that", "sounds good, go with your second option", "the latter". The
 * reply alone says nothing a later reader can use; the decision is the proposal it accepted, and the options
 * the user passed over are recorded as not chosen. This module reads proposals and replies; what accepting writes
 * into the ledger is in record-acceptance.ts.
 */

import { comparisonIn } from './comparative-choice.js';
import { EXCEPTION, forbids, holdsValue, REQUIREMENT } from './cue-patterns.js';
import { moreWordsThan, splitSentences, stripOpener } from './split-sentences.js';
import { topicWords } from './topic-words.js';

// A reply that agrees or points at one of the options, said in its first clause.
const ACCEPTS =
  /^(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|alright|perfect|great|agreed|deal|lgtm|approved|fine|ack|\+1)\b|👍|✅|👌|🙌)|\b(?:fair enough|the one (?:with|where|that|using|from)|[\w-]+ (?:it is|then)$)|\b(?:sounds (?:good|great|fine|right|reasonable|like a plan)|works for me|that works|fine by me|looks good|makes sense|please do|(?:let'?s )?do (?:it|that|this|so|the|your|option)|go (?:for it|ahead)|(?:let'?s )?(?:go|run|roll) with|going with|ship it|the (?:latter|former)|(?:first|second|third|last|1st|2nd|3rd) (?:one|option|suggestion|idea|approach|proposal|choice|route|path)|option (?:one|two|three|four|[1-9a-d])|i'?ll (?:take|go with)|i (?:like|prefer) (?:the|your|that|this)|i'?m (?:fine|ok|okay|happy|good) with|on board|(?:is|are|sounds|seems) (?:fine|good|ok(?:ay)?|great|perfect|right|better|the one)|good (?:call|idea|plan)|great (?:call|idea)|that'?s the one|let'?s (?:take|pick|use|try) (?:the|your|that|this))\b/;

// A reply longer than this is a message of its own, not an answer to a proposal.
const MAX_REPLY_WORDS = 40;

const LIST_ITEM =
  /^(?:[-*•]|\d+[.)]|\(?[a-d1-9]\)|[a-d]:|(?:option|choice|approach|alternative|route|path) (?:one|two|three|four|[1-9a-d])\s*[:.)—–-])\s*(.+)$/i;
// "(a) shard it, (b) stream it", "Option A: …, option B: …" inside one sentence.
const INLINE_MARK =
  /(?:^|\s)(?:\(?[a-c1-3]\)|(?:option|route|path) (?:a|b|c|one|two|three|[1-3])\s*[:,)—–-]?)\s+/i;
const NAMED_OPTION =
  /^(?:(?:option|choice|approach|alternative|plan|route|path) (?:one|two|three|four|[1-9a-d])\b\s*[:.)—–-]?|(?:the )?(?:first|second|third|other|alternative|fallback)(?: one| option| approach| choice| way| idea| route| path)?(?: out| forward| around it| round it)?(?: is| would be|:)|(?:one|another|a second|a third)(?: option| approach| way| idea| possibility| route| path)?(?: out| forward| around it| round it)?(?: is| would be|:)|alternatively,?|or(?: else)?,)\s*(?:to |we could |i could |we |i )?(.+)$/i;
const EITHER =
  /\beither (.+?),? or (.+)$|\b(?:we|i|you) (?:could|can) (.+?)(?:,| —| –)? or (?:(?:we|i|you) (?:could |can )?)?(.+)$|\b(?:do you want(?: me)? to|would you (?:like|prefer)(?: me)? to|should i|shall i|want me to) (.+?),? or (.+?)\?$/i;
// A sentence that speaks of options already listed by their order: "the first is quicker", "the latter costs more".
const COMPARES_LISTED = /^(?:the )?(?:first|second|third|former|latter)(?: one| option)?\b/i;
// A sentence that puts something forward for the user to accept.
export const PROPOSES =
  /\b(?:i'd|i would|i (?:suggest|propose|recommend|can|could)|i'?m thinking|my (?:plan|proposal|suggestion|recommendation|thinking|take|vote)|here'?s what i'?d|what i'?d do|(?:recommendation|proposal|suggestion):|(?:it )?might be worth|it'?d be (?:better|cleaner|simpler|safer|easier)|(?:probably|likely) (?:best|better|simplest|cleanest|easiest)|(?:the )?(?:best|safest|simplest|cleanest|easiest|quickest|right) (?:bet|option|fix|unblock|workaround|solution|route|path|approach|way|move|call|thing to do) (?:here )?(?:is|would be)|we (?:could|can|should|might)|you (?:could|can|might)|shall i|should i|want me to|how about|what about|let'?s|the plan (?:is|would be)|plan:)/i;
// Words that say the proposal holds more than one option.
const ALTERNATIVES =
  /\b(?:alternatively|alternatives?|or|other|another|two|three|both|couple|few|several|options?|ways|approaches|routes|paths|choices|either|versus|vs\.?)\b/i;
// A question asking the user for something rather than offering it: "what should I check first?".
const ASKS = /(?:^|[—–:,]\s*)(?:what|which|who|where|when|how|why)\b[^?]*\?\s*$/i;
const RECOMMENDS =
  /\b(?:i'd (?:lean|go|pick|prefer|recommend|suggest|choose|vote)|i (?:lean|recommend|suggest|prefer)|my (?:vote|pick|preference|recommendation|suggestion)|(?:is|seems|looks) (?:the )?(?:better|safer|simpler|best|cleaner|faster) (?:option|choice|bet|way|approach)?|recommended|preferred)\b/i;
// Lead words of a proposal that are not part of what is proposed.
const LEAD =
  /^(?:(?:i think |maybe |so |then )?(?:we|i|you) (?:could|can|should|might)(?: also| just| instead)?|i(?:'d| would) (?:suggest|recommend|propose|go with|lean (?:to|towards?)|pick|prefer|like to)?|i (?:suggest|propose|recommend)(?: that)?(?: we)?|i'?m thinking(?: we)?|my (?:plan|proposal|suggestion|recommendation|thinking|take|vote) (?:is|would be)(?: to| that)?|(?:recommendation|proposal|suggestion):|here'?s what i'?d do:?|what i'?d do is|how about|what about|shall i|should i|(?:do you )?want me to|let me|let'?s|(?:the )?(?:best|safest|simplest|cleanest|easiest|quickest|right) (?:bet|option|fix|unblock|workaround|solution|route|path|approach|way|move|call|thing to do) (?:here )?(?:is|would be)(?: probably| likely)?(?: to)?|the plan (?:is|would be)(?: to)?|plan:)\s*/i;

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

/** A proposal sentence from where it proposes: "Looking at it, I'd move X" gives "I'd move X". */
function fromProposal(sentence: string): string {
  const at = sentence.search(PROPOSES);
  // "Since we already run Vault, I'd store it there": a lead naming something is what the option is about.
  const lead = sentence.slice(0, at);
  return at > 0 && !holdsValue(lead) && !/\s[A-Z]/.test(lead) ? sentence.slice(at) : sentence;
}

function clean(option: string): string {
  return option
    .replace(/\*\*|__/g, '')
    .replace(LEAD, '')
    .replace(/\s*\(?(?:recommended|preferred|my pick)\)?[.:]?\s*$/i, '')
    .replace(/[?:]\s*$/, '')
    .trim();
}

/** The options an assistant message proposes: a list, named options, "either X or Y", or proposal sentences. */
export function readProposal(raw: string): Proposal | undefined {
  const text = raw.replace(/[’‘ʼ]/g, "'");
  const sentences = splitSentences(text);
  let options: string[] = [];
  let recommended: number | undefined;
  const add = (raw: string) => {
    const option = clean(raw);
    if (option.split(/\s+/).length < 2) return;
    if (RECOMMENDS.test(raw)) recommended = options.length;
    options.push(option);
  };
  const attempts: (() => void)[] = [
    () => {
      for (const line of text.split(/\r?\n/)) {
        const item = line.trim().match(LIST_ITEM)?.[1];
        if (item !== undefined) add(item);
      }
    },
    () => {
      for (const sentence of sentences) {
        const parts = sentence.split(INLINE_MARK).filter((part) => part !== undefined);
        if (parts.length >= 3)
          for (const part of parts.slice(1)) add(part.replace(/[,;]?\s*(?:or|and)?\s*$/i, ''));
      }
    },
    () => {
      // "Two ways to fix it: batching would …, while COPY would …"
      for (const sentence of sentences) {
        const listed = sentence.match(/:\s+(.+)$/)?.[1];
        if (listed === undefined || !ALTERNATIVES.test(sentence.slice(0, sentence.indexOf(':')))) continue;
        for (const part of listed.split(/,? while |,? whereas |; |,? or else |, or |,? and alternatively /i))
          add(part);
        if (options.length >= 2) break;
        options = [];
      }
    },
    () => {
      for (const sentence of sentences) {
        const named = sentence.match(NAMED_OPTION)?.[1];
        if (named !== undefined) add(named);
      }
    },
    () => {
      for (const sentence of sentences) {
        const either = sentence.match(EITHER);
        if (either === null) continue;
        add(`${either[1] ?? either[3] ?? either[5]}`);
        add(`${either[2] ?? either[4] ?? either[6]}`);
        break;
      }
    },
    () => {
      // "The cleanest fix is to X. The alternative is Y.": proposals and named options together.
      const proposals = sentences.filter(
        (sentence) => (PROPOSES.test(sentence) || NAMED_OPTION.test(sentence)) && !/\?\s*$/.test(sentence),
      );
      if (proposals.length >= 2 && ALTERNATIVES.test(text))
        for (const proposal of proposals) {
          // "The first is a one-hour change; the second takes days": once two are listed, an ordinal
          // compares them rather than offering another.
          if (options.length >= 2 && COMPARES_LISTED.test(proposal)) continue;
          add(proposal.match(NAMED_OPTION)?.[1] ?? fromProposal(proposal));
        }
    },
  ];
  for (const attempt of attempts) {
    options = [];
    recommended = undefined;
    attempt();
    if (options.length >= 2) break;
  }
  if (options.length < 2) {
    options = [];
    recommended = undefined;
    // One proposal: the one recommended, else the last one put forward.
    // "What constraints should I keep in mind?" asks for something; it offers nothing to accept.
    const proposals = sentences.filter((sentence) => PROPOSES.test(sentence) && !ASKS.test(sentence));
    const proposal = proposals.find((sentence) => RECOMMENDS.test(sentence)) ?? proposals.at(-1);
    if (proposal !== undefined) add(fromProposal(proposal));
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
/** A text's content words cut to their first letters, for comparing options and replies. */
export function stems(text: string): Set<string> {
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

// How many content words a reply must share with one option to restate it, and more than with any other.
const RESTATED_WORDS = 2;
const NAMING_REPLY_WORDS = 2;

/** Whether a reply could restate an option: short, and not refusing ("don't move the client", "not that"). */
export function mayRestate(reply: string): boolean {
  const lower = reply.toLowerCase().replace(/[’‘]/g, "'");
  if (moreWordsThan(lower, MAX_REPLY_WORDS) || /\?\s*$/.test(lower)) return false;
  return !/\b(?:don'?t|do not|not|never|no|nope)\b/.test(lower) || /\binstead\b/.test(lower);
}

/** The option a reply restates: the one sharing the most content words with it, and at least two. */
export function restatedOption(proposal: Proposal, reply: string): number | undefined {
  const words = stems(reply);
  const shared = proposal.options.map(
    (option) => [...stems(option)].filter((word) => words.has(word)).length,
  );
  const most = Math.max(...shared);
  // "The index, please.": a reply of a word or two names its option by one word.
  const needed = words.size <= NAMING_REPLY_WORDS ? 1 : RESTATED_WORDS;
  if (most < needed || shared.filter((count) => count === most).length > 1) return undefined;
  return shared.indexOf(most);
}

// "B it is", "go with C", "option A": a lettered option chosen by its letter (capital, so "a" is no article).
const LETTER_CHOICE =
  /^(?:(?:option|plan|choice) )?([A-D])(?:[.,!:]|\s+(?:it is|then|please|is (?:fine|good|better|the one)|works|sounds|for me)\b|$)|\b(?:go(?:ing)? with|take|pick|choose|prefer|option|plan) ([A-D])\b(?![-'’\w])/;
const POINTS_BY_DESCRIPTION = /\bthe one (?:with|where|that|using|from)\b/;
// Where a reply's first sentence ends, whatever the case of the next one ("the latter. they want…").
const SENTENCE_END = /[.;!?](?:\s+|$)/;

/** The first sentence of a reply, typed in lower case or not. */
function firstSentence(reply: string): string {
  const end = reply.search(SENTENCE_END);
  return end < 0 ? reply.trim() : reply.slice(0, end).trim();
}

// An accepting sentence this short says only that it accepts; a longer one says more, and is kept.
const ACCEPTANCE_ONLY_WORDS = 12;

/**
 * A reply without its first sentence when that sentence only accepts ("sounds good, go with your second option.
 * the rest"): the accepted option is kept in the proposal's own words, and the rest is read as the user's.
 */
export function afterAcceptance(reply: string): string {
  const first = firstSentence(reply);
  const lower = first.toLowerCase().replace(/[’‘]/g, "'");
  // "Okay, so — never release the beta to everyone": an answer word before a rule of its own, which stays.
  // "Yep, the cheaper one" chooses by a measure: the user's words say why, and stay.
  const statesMore =
    /\d/.test(first) ||
    forbids(lower) ||
    REQUIREMENT.test(lower) ||
    EXCEPTION.test(lower) ||
    comparisonIn(first) !== undefined;
  if (moreWordsThan(afterPreamble(first), ACCEPTANCE_ONLY_WORDS) || !isAcceptance(first) || statesMore)
    return reply;
  const end = reply.search(SENTENCE_END);
  return end < 0 ? '' : reply.slice(end).replace(/^[.;!?\s]+/, '');
}

/**
 * The rest of a reply after its first sentence, the one that accepts ("works for me. Ana can watch the error
 * rate."), typed in lower case or not; empty when the reply is one sentence.
 */
export function afterFirstSentence(reply: string): string {
  const end = reply.search(SENTENCE_END);
  return end < 0 ? '' : reply.slice(end).replace(/^[.;!?\s]+/, '');
}

/** Whether a user message is a short reply that agrees or points at an option. */
export function isAcceptance(reply: string): boolean {
  const lower = reply.trim().toLowerCase().replace(/[’‘]/g, "'");
  if (moreWordsThan(lower, MAX_REPLY_WORDS)) return false;
  // The first clause: "Sounds right, but keep the old job around" agrees; what follows adds to it.
  const first = lower.split(/[.;!?]\s|\bbut\b|\bthough\b/)[0] ?? lower;
  const accepts = (clause: string) => ACCEPTS.test(clause) && !/^(?:no|nope|not|don'?t|never)\b/.test(clause);
  return accepts(first) || accepts(afterPreamble(first));
}

// A few words before a colon ("Re the cache question: yes, do that"): the answer comes after them.
const PREAMBLE = /^[^:]{1,60}?:\s+(?=\S)/;
const PREAMBLE_WORDS = 8;

/** A clause without a short preamble that ends in a colon; the clause itself when it has none. */
function afterPreamble(clause: string): string {
  const preamble = clause.match(PREAMBLE)?.[0];
  if (preamble === undefined || moreWordsThan(preamble.trim(), PREAMBLE_WORDS)) return clause;
  return clause.slice(preamble.length);
}

/**
 * The option a reply accepts: one it points at ("the second one", "the latter"), one it names, else the one the
 * assistant recommended, else the only one. Undefined when the reply does not say which.
 */
export function chosenOption(proposal: Proposal, reply: string): number | undefined {
  // The first sentence chooses; what follows gives reasons, which may name the other options ("the queue one.
  // losing receipts silently is what we can't have").
  // A preamble ("Quick one before I forget: …") says nothing about the options: its "quick" is no choice.
  const first = afterPreamble(firstSentence(reply));
  const lower = first.toLowerCase().replace(/[’‘ʼ]/g, "'");
  const count = proposal.options.length;
  // "Okay, so — B it is", "yes, B": the letter comes after the opener and the answer word.
  const letter = stripOpener(first)
    .replace(/^(?:yes|yeah|yep|ok(?:ay)?|sure|fine)\b[,.!]?\s*/i, '')
    .match(LETTER_CHOICE);
  if (letter !== null) {
    const at = (letter[1] ?? letter[2] ?? 'A').charCodeAt(0) - 'A'.charCodeAt(0);
    return at < count ? at : undefined;
  }
  for (const [pattern, index] of ORDINALS) {
    if (pattern.test(lower)) {
      const at = index(count);
      return at >= 0 && at < count ? at : undefined;
    }
  }
  if (count > 1) {
    const named = bestMatch(proposal.options, first);
    if (named !== undefined) return named;
    // "The one with the queue": a reply that points by description names its option there, or chooses none.
    if (POINTS_BY_DESCRIPTION.test(lower)) return undefined;
  }
  if (proposal.recommended !== undefined) return proposal.recommended;
  return count === 1 ? 0 : undefined;
}
