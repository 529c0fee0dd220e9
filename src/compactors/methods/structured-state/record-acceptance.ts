/**
 * What accepting a proposal writes into the ledger: the chosen option as a decision, the options, alternatives
 * and earlier suggestions passed over as not chosen, and the findings the choice rests on as facts. How a
 * proposal and a reply are read is in accepted-proposal.ts.
 */

import {
  afterFirstSentence,
  chosenOption,
  isAcceptance,
  mayRestate,
  PROPOSES,
  type Proposal,
  readProposal,
  restatedOption,
  stems,
} from './accepted-proposal.js';
import { type Comparison, comparedSentences, comparisonIn, pickByComparison } from './comparative-choice.js';
import { holdsValue } from './cue-patterns.js';
import type { Ledger } from './ledger.js';
import { classifySentence } from './read-sentence.js';
import { splitSentences, stripOpener } from './split-sentences.js';

export const ACCEPTED_PREFIX = 'Accepted proposal: ';
export const NOT_CHOSEN_PREFIX = 'Not chosen: ';
export const PUT_FORWARD_PREFIX = 'Option put forward: ';
const MAX_OPTION_CHARS = 300;

function shortened(option: string): string {
  return option.length <= MAX_OPTION_CHARS ? option : `${option.slice(0, MAX_OPTION_CHARS - 1)}…`;
}

/**
 * Records what a reply accepted of the proposal before it: the chosen option as a decision, the options passed
 * over as not chosen. Returns whether it found what was accepted.
 */
export function recordAcceptance(ledger: Ledger, proposalText: string, reply: string, earlier = ''): boolean {
  const agrees = isAcceptance(reply);
  // "The cheaper one": a choice by a measure the options state (see comparative-choice.ts).
  const comparison = mayRestate(reply) ? comparisonIn(reply.split(/[.;!?](?:\s|$)/)[0] ?? '') : undefined;
  // A reply that agrees by restating one option ("Patch the call sites for now, then") chooses it too.
  // Parsing the proposal costs more than these tests: only a message that proposes or asks is parsed.
  if (
    !agrees &&
    comparison === undefined &&
    !(mayRestate(reply) && (/\?\s*$/.test(proposalText) || PROPOSES.test(proposalText)))
  )
    return false;
  const read = readProposal(proposalText);
  const compared = comparison === undefined ? undefined : byComparison(read, proposalText, comparison);
  const proposal = compared?.proposal ?? read;
  if (proposal === undefined) return false;
  const chosen =
    compared?.chosen ?? (agrees ? chosenOption(proposal, reply) : restatedOption(proposal, reply));
  if (chosen === undefined) {
    // "The one with the queue, obviously": the reply chose, in words that name no option. Its words are kept as
    // the user's; the options stay beside them, so whoever reads the notes can match the two.
    if (agrees && proposal.options.length > 1)
      for (const option of proposal.options) ledger.add('fact', `${PUT_FORWARD_PREFIX}${shortened(option)}`);
    return false;
  }
  const added = addedDetails(reply);
  proposal.options.forEach((option, at) => {
    const text = shortened(option);
    if (at === chosen)
      ledger.add('decision', `${ACCEPTED_PREFIX}${text}${added === '' ? '' : ` ${ADDED_MARK}${added}`}`);
    else {
      ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${text}`);
      // The agent's message that listed it is kept without it, so it does not read as on offer.
      ledger.cutPassedOver(option);
    }
  });
  const weighed = weighedAlternatives(proposalText, proposal.options[chosen] ?? '');
  for (const sentence of weighed) ledger.passOver(sentence, NOT_CHOSEN_PREFIX);
  passOverSuggestions(ledger, earlier, proposal.options[chosen] ?? '');
  keepFindings(ledger, proposalText, [...proposal.options, ...weighed]);
  return true;
}

/** What joins the details a user gave when accepting to the option accepted. */
export const ADDED_MARK = '— with: ';

/**
 * The details a reply adds to the option it accepts ("works for me. Ana Ruiz can watch the error rate, that
 * dashboard is hers."): the statements after the accepting sentence that are neither rules, tasks nor plans of
 * their own. They are how the accepted plan is to be carried out, so they are kept with it.
 */
function addedDetails(reply: string): string {
  return splitSentences(afterFirstSentence(reply))
    .map((sentence) => stripOpener(sentence))
    .filter((sentence) => !/\?\s*$/.test(sentence) && classifySentence(sentence, 'user') === 'fact')
    .join(' ');
}

// A reply that turns the proposal down: "no", "nope", "I'm not comfortable with that", "I'd rather not", "let's
// not", "not that one", "please don't".
const REFUSES =
  /^(?:(?:no|nope|nah)\b(?![- ](?:one|more|need|problem|worries|rush|way to tell)\b)|i'?m not (?:comfortable|happy|keen|sold|ok(?:ay)?) (?:with|on) (?:that|this|it)\b|i'?d rather (?:not|we didn'?t|you didn'?t)\b|let'?s not\b|not (?:that|this) one\b|please don'?t\b|don'?t do (?:that|this|it)\b)/;

// A reply that turns down every option: "neither of those", "neither, actually", "none of them".
const REFUSES_ALL =
  /^(?:(?:hm+|um+|ugh|oh)[,.]?\s+)?(?:neither(?: of (?:those|them|these|the two|your options|the options))?|none of (?:those|them|these|the above|the options))\b/;

/**
 * Records a reply that refuses the proposal before it: the option the assistant put forward (the one it
 * recommended, or its only one) is kept as not chosen, so it does not read as the plan later. Returns whether
 * it did.
 */
export function recordRefusal(ledger: Ledger, proposalText: string, reply: string): boolean {
  const first = stripOpener(reply.trim()).toLowerCase().replace(/[’‘ʼ]/g, "'");
  const refusesAll = REFUSES_ALL.test(first);
  if (!(refusesAll || REFUSES.test(first)) || !PROPOSES.test(proposalText.replace(/[’‘ʼ]/g, "'")))
    return false;
  const proposal = readProposal(proposalText);
  if (proposal === undefined) return false;
  // "Neither of those": every option put forward is turned down.
  if (refusesAll && proposal.options.length > 1) {
    for (const option of proposal.options) ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${shortened(option)}`);
    return true;
  }
  const refused = proposal.options.length === 1 ? 0 : proposal.recommended;
  const option = refused === undefined ? undefined : proposal.options[refused];
  if (option === undefined) return false;
  ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${shortened(option)}`);
  return true;
}

/**
 * The option a comparison picks ("the cheaper one"): among the proposal's options when each states a value of
 * the measure, else among the sentences of a message that compares things without proposing them.
 */
function byComparison(
  proposal: Proposal | undefined,
  proposalText: string,
  comparison: Comparison,
): { proposal: Proposal; chosen: number } | undefined {
  const listed = proposal === undefined ? undefined : pickByComparison(proposal.options, comparison);
  if (proposal !== undefined && listed !== undefined) return { proposal, chosen: listed };
  const options = comparedSentences(proposalText, comparison);
  const chosen = options === undefined ? undefined : pickByComparison(options, comparison);
  if (options === undefined || chosen === undefined) return undefined;
  return { proposal: { options, recommended: undefined }, chosen };
}

// "Raising the timeout would hide it", "Doing it in one statement would hold locks": an action named by its
// "-ing" form, then what it would do. A proposal weighs another way of going about it that way.
const WEIGHED =
  /^(?:just |simply |only )?[a-z]+ing\b(?:(?![.;:!?]|\b(?:would|could|might|will)\b).){1,80}?\b(?:would|could|might|will)(?:n't| not)?\b/i;
// "-ing" words that open a sentence without naming an action.
const NOT_ACTION =
  /^(?:nothing|something|everything|anything|thing|morning|evening|during|according|assuming|including|regarding|looking|thinking|speaking|seeing|going)\b/i;

/**
 * The sentences of an accepted proposal that weigh a way of doing it the assistant did not put forward
 * ("Raising the timeout to 120s would make the error go away, but it hides the scan"): accepting the proposal
 * passes over them, so they are kept as not chosen rather than as findings a reader may act on. A sentence
 * about the chosen plan itself ("Adding the index would also speed up exports") shares its words and stays.
 */
export function weighedAlternatives(proposalText: string, chosen: string): string[] {
  const chosenWords = stems(chosen);
  const weighed: string[] = [];
  for (const sentence of splitSentences(proposalText.replace(/[’‘ʼ]/g, "'"))) {
    const action = sentence.match(WEIGHED)?.[0];
    if (action === undefined || NOT_ACTION.test(sentence) || chosen.includes(sentence)) continue;
    if ([...stems(action)].some((word) => chosenWords.has(word))) continue;
    weighed.push(shortened(sentence));
  }
  return weighed;
}

// A suggestion of the user's own: "I'd just flip it on", "maybe a throttle?", "I was thinking …", "just put it in X".
const SUGGESTS =
  /\b(?:i'd|i would|maybe|perhaps|i was thinking|i'?m thinking|how about|what about|could we|can we|why not|my idea)\b|(?:^|[.,;:—–]\s*)just (?:put|use|add|flip|turn|set|make|do|copy|drop|bump|hard-?code|stick)\b/;
// How much of a suggestion's content the accepted option may share and still be another plan.
const SAME_PLAN_SHARE = 0.5;
const MAX_SUGGESTION_CHARS = 300;

/**
 * The user's own suggestions in the message before a proposal, passed over when the user accepts a different
 * plan the assistant put forward ("I'd just flip it on for everyone" before "yes, stage it"): each is kept as not
 * chosen, so the earlier idea does not read as current.
 */
export function passOverSuggestions(ledger: Ledger, earlier: string, accepted: string): void {
  const acceptedWords = stems(accepted);
  for (const sentence of splitSentences(earlier.replace(/[’‘ʼ]/g, "'"))) {
    for (const clause of sentence.split(/(?<=[.!?])\s+(?=[a-z])/)) {
      const lower = clause.toLowerCase();
      if (clause.length > MAX_SUGGESTION_CHARS || !SUGGESTS.test(lower)) continue;
      const words = [...stems(clause)];
      if (words.length < 2) continue;
      const shared = words.filter((word) => acceptedWords.has(word)).length;
      if (shared >= words.length * SAME_PLAN_SHARE) continue;
      ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${stripOpener(clause)}`);
    }
  }
}

// What the agent found, in the proposal the user accepted, is what the decision rests on: kept at the priority
// of the agent's own facts, below the user's.
const FINDING_PRIORITY = 45;

/**
 * The sentences of an accepted proposal that carry a value and are not one of its options ("It's a sequential
 * scan over 1.8M rows, about 41 seconds"): the findings the choice was made on, kept as facts.
 */
function keepFindings(ledger: Ledger, proposalText: string, options: readonly string[]): void {
  for (const sentence of splitSentences(proposalText)) {
    // "Three ways to do it:" leads into the options, kept on their own; its count is no finding.
    if (/[?:]\s*$/.test(sentence) || !holdsValue(sentence)) continue;
    if (options.some((option) => sentence.includes(option) || option.includes(sentence))) continue;
    ledger.add('fact', sentence, FINDING_PRIORITY);
  }
}
