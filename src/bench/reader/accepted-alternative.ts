import { classifyMention } from '../scoring/mentions.js';
import { type AcceptedProposal, chosenText, proposalIndex } from './accepted-proposals.js';
import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import type { MessageUnit } from './transcript-messages.js';

/** Why an action is set aside by an accepted proposal: the user's acceptance, and the option accepted. */
export interface AcceptedInstead {
  acceptance: Passage;
  /** The accepted option, quoted as a passage of the proposal's first line that holds it. */
  chosen: Passage;
  /** The position after the accepting reply: a change of plan from there on outranks the acceptance. */
  after: number;
}

/** A set-aside group must hold at least this share of the action's content words (and two, or all of one). */
const MIN_SHARE = 0.4;

/** How many of `stems` the sentences hold together. */
function overlap(stems: readonly string[], units: readonly MessageUnit[]): number {
  const held = new Set(contentStems(units.map((unit) => unit.text).join(' ')));
  return stems.filter((stem) => held.has(stem)).length;
}

/**
 * The groups of sentences a proposal set aside, each judged on its own: every option not taken, every
 * sentence of discussion, and the user's own earlier idea (one message).
 */
function setAsideGroups(accepted: AcceptedProposal): MessageUnit[][] {
  const groups = new Map<string, MessageUnit[]>();
  for (const unit of accepted.setAside) {
    const key = accepted.groupOf.get(unit) ?? `${unit.position}:${unit.text}`;
    groups.set(key, [...(groups.get(key) ?? []), unit]);
  }
  return [...groups.values()];
}

/**
 * The accepted option of a proposal, when the action is one the proposal set aside: another of its options
 * ("go with your second option" and the action is the first), an alternative it argued against ("Raising X
 * would hide the error, but what I'd do is Y" and "yes, do that"), or the user's own earlier idea the
 * proposal answered. The action is set aside when one of those holds at least 40% of its content words (two at
 * least; the words of the problem the user stated alongside their idea left out) and more of them than the
 * accepted option does, and the option does not state it. The newest
 * accepted proposal about the action decides: undefined when it took the action, or none is about it.
 */
export function acceptedAlternative(parsed: ParsedArtifact, action: string): AcceptedInstead | undefined {
  const { accepted } = proposalIndex(parsed);
  if (accepted.length === 0) return undefined;
  const words = contentStems(action);
  for (let index = accepted.length - 1; index >= 0; index--) {
    const proposal = accepted[index] as AcceptedProposal;
    // Words of the problem the proposal answers ("the new search ranking") tell no option from another.
    const topic = new Set(contentStems(proposal.topic.map((unit) => unit.text).join(' ')));
    const stems = words.filter((stem) => !topic.has(stem));
    if (stems.length === 0) continue;
    const needed = Math.max(Math.min(2, stems.length), Math.ceil(MIN_SHARE * stems.length));
    const chosen = overlap(stems, proposal.chosen);
    const aside = Math.max(0, ...setAsideGroups(proposal).map((group) => overlap(stems, group)));
    if (chosen >= needed && chosen >= aside) return undefined;
    if (aside < needed || aside <= chosen) continue;
    const text = chosenText(proposal);
    if (classifyMention(text, action) === 'affirmed') return undefined;
    const first = parsed.passages[proposal.chosen[0]?.position ?? proposal.acceptance.position] as Passage;
    return { acceptance: proposal.acceptance, chosen: { ...first, text }, after: proposal.reply.end };
  }
  return undefined;
}
