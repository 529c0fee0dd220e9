import { contentStems } from './content-words.js';
import type { Proposal } from './proposal-options.js';
import type { MessageUnit } from './transcript-messages.js';

// Where an option's own text turns to its cost: "quick, but loses the data", "cheap, though slower", "at the
// cost of", "the catch is". The last such turn starts the drawback.
const TURNS_TO_COST =
  /\b(?:but|though|although|at the cost of|except that|the (?:downside|catch|risk) is)\b/gi;

/** How many content words a reply must repeat from one option's drawback to be read as citing it. */
const MIN_SHARED = 2;

/** The stems of what an option says against itself: the text after its last turn to a cost, if any. */
function drawbackStems(text: string): Set<string> {
  let start = -1;
  for (const match of text.matchAll(TURNS_TO_COST)) start = match.index + match[0].length;
  return new Set(start < 0 ? [] : contentStems(text.slice(start)));
}

/**
 * The option a reply picks by giving the other's drawback as its reason, among exactly two: "the one with the
 * queue, obviously. losing receipts silently gets us angry mails" after "A: …, which is quick but loses
 * receipts silently. B: …" picks B. Read only when the reply's own reference names neither option. Undefined
 * unless the reply repeats at least two words of exactly one option's drawback.
 */
export function otherThanFaulted(proposal: Proposal, reply: readonly MessageUnit[]): number | undefined {
  if (proposal.options.length !== 2) return undefined;
  const said = new Set(reply.flatMap((unit) => contentStems(unit.text)));
  const cited = proposal.options.map((option) => {
    let shared = 0;
    for (const stem of drawbackStems(option.text)) if (said.has(stem)) shared++;
    return shared >= MIN_SHARED;
  });
  if (cited[0] === cited[1]) return undefined;
  return cited[0] ? 1 : 0;
}
