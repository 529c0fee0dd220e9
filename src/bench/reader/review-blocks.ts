import { classifyMention } from '../scoring/mentions.js';
import { normalizeText } from '../scoring/normalize.js';
import { namingPhrases, pairsOf } from './document-rules.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { withoutHeader } from './tool-exchanges.js';

/**
 * Code a reviewer blocked. A review comment quotes the lines it is about ("> logger.info('charge', { body:
 * req.body })") and opens with its verdict ("Blocking.", "Must fix:", "Changes requested"): the quoted code is
 * what must not ship. An action that writes the same code again (most of its words side by side, elsewhere)
 * repeats what the review blocked. A "nit:" blocks nothing.
 */

// A verdict that blocks: matched at the start of the comment, without its header.
const BLOCKS =
  /^(?:\*\*)?(?:blocking|blocker|must[- ]fix|needs? changes|changes requested|request(?:ing|ed)? changes|do not merge|don'?t merge|not ok to merge|nack)\b/i;
// A line quoted from the code under review.
const QUOTED = /^>\s?\S/;
/** How many lines above its verdict a comment may quote. */
const MAX_QUOTED_LINES = 4;
/** The fewest word pairs the action must share with the quoted code, when it has that many. */
const MIN_SHARED_PAIRS = 2;

// A sentence ends at ". ", "; ", "! " or "? ".
const SENTENCE_BREAK = /(?<=[.;!?])\s+/;

/** A blocking comment on code the action writes again, with what of it to quote; undefined when none. */
export function reviewBlocking(
  parsed: ParsedArtifact,
  action: string,
): { passage: Passage; quote: string } | undefined {
  const actionPairs = pairsOf(normalizeText(action));
  if (actionPairs.size === 0) return undefined;
  const needed = Math.min(MIN_SHARED_PAIRS, actionPairs.size);
  let found: { passage: Passage; quote: string } | undefined;
  const { passages } = parsed;
  passages.forEach((passage, position) => {
    if (!BLOCKS.test(withoutHeader(passage.text).trim())) return;
    let shared = 0;
    for (let at = position - 1; at >= Math.max(0, position - MAX_QUOTED_LINES); at--) {
      const quoted = withoutHeader((passages[at] as Passage).text).trim();
      if (!QUOTED.test(quoted)) break;
      for (const pair of pairsOf(normalizeText(quoted))) if (actionPairs.has(pair)) shared++;
    }
    if (shared < needed) return;
    found = { passage, quote: quotable(passage.text, actionPairs) };
  });
  return found;
}

/**
 * The comment less its sentences that name the blocked code as something it does ("req.body carries the card
 * number"): quoted after "I will not", they would read as the action. What is left gives the reason and what
 * to do instead ("Log the idempotency key and the amount, nothing from the body").
 */
function quotable(text: string, actionPairs: ReadonlySet<string>): string {
  const kept = text
    .split(SENTENCE_BREAK)
    .filter((sentence) =>
      namingPhrases(sentence, actionPairs).every(
        (phrase) => classifyMention(sentence, phrase) !== 'affirmed',
      ),
    );
  return kept.join(' ');
}
