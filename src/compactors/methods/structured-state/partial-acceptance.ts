/**
 * A proposal accepted in part: the assistant put forward two changes in one breath ("add pagination, and while
 * we're at it rename the path"), and the reply takes one by naming it ("pagination yes", "yes to the index").
 * The part named is the accepted proposal; the other parts are not chosen.
 */

import { PROPOSES, stems } from './accepted-proposal.js';
import { clausesOf } from './clauses.js';
import type { Ledger } from './ledger.js';
import { ACCEPTED_PREFIX, NOT_CHOSEN_PREFIX } from './record-acceptance.js';
import { stripOpener } from './split-sentences.js';

// "pagination yes", "the index, sure", "yes to the cache", "yes for the retry part": a part named and agreed to.
const NAMES_PART =
  /^(?:(?:the )?([a-z][\w -]{2,30}?),? (?:yes|yep|yeah|sure|ok(?:ay)?|is fine|sounds good|go ahead)|(?:yes|yep|yeah|sure|ok(?:ay)?),? (?:to|for|on) (?:the )?([a-z][\w -]{2,30}?))(?: part| bit| one)?$/;
// Words that join a second part onto the first: ", and while we're at it rename …", ", and also …".
const JOINING = /^(?:and|plus|also)\s+(?:while (?:we'?re|we are|i'?m|i am) at it,?\s+|also\s+|then\s+)?/i;
// A lead-in before the parts: "Two changes I'd suggest together: …".
const LEAD_IN = /^[^:]{1,80}:\s+/;
const MAX_PART_CHARS = 300;

/** The parts of a proposal sentence, each without its joining words and the lead-in; none when it has one part. */
function partsOf(sentence: string): string[] {
  const parts = clausesOf(sentence)
    .map((clause, at) => (at === 0 ? clause.text.replace(LEAD_IN, '') : clause.text.replace(JOINING, '')))
    .map((part) => part.replace(/[,;]\s*$/, '').trim())
    .filter((part) => part.split(/\s+/).length >= 3);
  return parts.length >= 2 ? parts : [];
}

/**
 * Records a reply that accepts one part of a proposal by naming it: the part as the accepted proposal, the other
 * parts as not chosen. Returns whether it did; a reply naming no part, or more than one, records nothing.
 */
export function recordPartialAcceptance(ledger: Ledger, proposalText: string, reply: string): boolean {
  // "Quick one before I forget: pagination yes.": the answer comes after a short lead-in and any opener.
  const answer = stripOpener(reply.trim().replace(/^[^:.?!]{1,60}:\s+(?=\S)/, ''));
  const first = (answer.split(/[.;!?](?:\s|$)/)[0] ?? '').toLowerCase().replace(/[’‘ʼ]/g, "'");
  const named = first.match(NAMES_PART);
  const words = stems(named?.[1] ?? named?.[2] ?? '');
  if (words.size === 0) return false;
  const text = proposalText.replace(/[’‘ʼ]/g, "'");
  // The sentence that proposes, split into its parts.
  const proposing = text.split(/(?<=[.!?])\s+/).find((sentence) => PROPOSES.test(sentence));
  const parts = proposing === undefined ? [] : partsOf(proposing);
  const naming = parts.filter((part) => [...stems(part)].some((word) => words.has(word)));
  if (naming.length !== 1) return false;
  for (const part of parts) {
    const kept = part.length <= MAX_PART_CHARS ? part : `${part.slice(0, MAX_PART_CHARS - 1)}…`;
    if (part === naming[0]) ledger.add('decision', `${ACCEPTED_PREFIX}${kept}`);
    else ledger.add('rejected', `${NOT_CHOSEN_PREFIX}${kept}`);
  }
  return true;
}
