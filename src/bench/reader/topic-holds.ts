import { normalizeText } from '../scoring/normalize.js';
import { contentStems } from './content-words.js';
import { passagesOfLine } from './line-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A hold said of a topic named first: "re prod: hold off on that one until Marcus is back", "as for the
 * backfill, let's park it". The hold points back ("that one", "it") at the topic the sentence opened with, so
 * it holds back any action on that topic ("trigger the db-migrate-prod job"), until a later message says what
 * it waits for has happened ("Marcus is back").
 */

// The topic a sentence opens with: "re prod:", "as for the backfill,", "regarding v2 —". Lower-cased text.
const TOPIC =
  /(?:^|[.!?:]\s+|\s)(?:re|as for|as to|regarding|about)\s+((?:the\s+)?[\w./-]+(?:\s+[\w./-]+){0,2}?)\s*[:,—–]\s*/g;
// A hold that points back at it: "hold off on that one", "park it", "leave that for now", "wait with it".
const HOLD_BACK =
  /^(?:(?:let'?s|please|we'?ll|i'?d)\s+)?(?:hold off(?: on)?|wait (?:with|on)|park|pause|leave|don'?t (?:touch|run|do|start))\s+(?:that one|this one|that|this|it|those|them)\b([^.;!?]*)/;
// What the hold waits for: "until Marcus is back on Tuesday", "till the freeze ends".
const UNTIL = /\b(?:until|till|til)\s+([^.;!?,]+)/;

// Words for when: days of the week and the days next to today (stems).
const WHEN =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|week|next)$/;

// A transcript header inside a line, after its own: "[turn 8] assistant: Picking this up from the notes:
// [turn 1] user: … hold off on that one …" quotes an earlier message.
const QUOTED_HEADER = /.\[turn \d+\] \w+:/;

/** Whether the passage's line quotes an earlier message (see above); a long line is read as sentences. */
function quotesEarlier(parsed: ParsedArtifact, passage: Passage): boolean {
  return passagesOfLine(parsed.passages, passage.position).some(
    (part, index) => QUOTED_HEADER.test(part.text) || (index > 0 && /^\[turn \d+\] \w+:/.test(part.text)),
  );
}

/** Whether a later passage says that what the hold waits for has happened: all its content words in one. */
function waitOver(parsed: ParsedArtifact, after: number, condition: string): boolean {
  // A day or a date in it is when the speaker expects it, not part of what must happen.
  const stems = contentStems(condition).filter((stem) => !/^\d/.test(stem) && !WHEN.test(stem));
  if (stems.length === 0) return false;
  for (let at = after + 1; at < parsed.passages.length; at++) {
    const passage = parsed.passages[at] as Passage;
    // A message quoting the hold holds its words too, and says nothing new about them.
    if (quotesEarlier(parsed, passage)) continue;
    const held = new Set(contentStems(passage.normalized));
    if (stems.every((stem) => held.has(stem))) return true;
  }
  return false;
}

/** The latest passage holding back the topic the action is about (see above), while the hold stands. */
export function topicHoldAgainst(parsed: ParsedArtifact, action: string): Passage | undefined {
  const actionWords = new Set(normalizeText(action).split(' '));
  const actionStems = new Set(contentStems(action));
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage opens a topic with one of the markers.
    if (!/\b(?:re|as for|as to|regarding|about)\b/.test(passage.normalized)) continue;
    const lower = passage.text.toLowerCase();
    for (const match of lower.matchAll(TOPIC)) {
      const hold = HOLD_BACK.exec(lower.slice(match.index + match[0].length));
      if (hold === null) continue;
      const topic = contentStems(match[1] as string);
      // The action is about the topic: every word of it, as a word of the action or a part of one.
      const about = topic.length > 0 && topic.every((stem) => actionStems.has(stem) || actionWords.has(stem));
      if (!about) continue;
      const until = UNTIL.exec(hold[1] as string);
      if (until !== null && waitOver(parsed, passage.position, until[1] as string)) continue;
      // A later message quoting the hold repeats it, with whatever else it quotes: the hold is quoted as said.
      if (found !== undefined && quotesEarlier(parsed, passage)) continue;
      found = passage;
    }
  }
  return found;
}
