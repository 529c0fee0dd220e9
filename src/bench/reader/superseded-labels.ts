import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

// A label opening a note that says what follows is no longer the plan: "Superseded, do not use: …",
// "Obsolete: …", "Old plan — …", "Not chosen: …", "Not this either: …". A word that can open ordinary prose
// ("Dropped the index, the query is fast now", "Rejected by CI") counts only with a colon or dash after it.
const OPENING_LABEL =
  /^(?:[-*•]\s*)?(?:(?:superseded|obsolete|outdated)(?:\s*[,:;(—–]|\s+-\s)|(?:no longer (?:current|valid|the plan)|(?:the )?old plan|(?:the )?previous plan|not chosen|not this either|rejected|dropped|abandoned|scrapped|replaced|withdrawn)\s*[:—–])/i;

// A marker set after or inside a note: "move the job to Lambda (superseded)", "[obsolete] pin 3.9", "(dropped,
// see below)", "(superseded by the queue plan)". Only the marker itself: "(dropped twice yesterday)" is prose.
const MARKER =
  /[([](?:superseded|obsolete|outdated|no longer current|no longer valid|dropped|rejected|withdrawn|scrapped)(?:[,;:]\s[^)\]]{0,40}| by [^)\]]{1,40})?[)\]]/i;

/**
 * Whether the notes label a passage as no longer current: an opening label ("Superseded, do not use: …") or a
 * marker in brackets ("… (superseded)"). Such a passage says what is not to be done: it is never the plan, the
 * next step or the change of plan, and answers a question only when nothing current does.
 */
export function labelledSuperseded(text: string): boolean {
  return OPENING_LABEL.test(text) || MARKER.test(text);
}

const labelledLines = new WeakMap<ParsedArtifact, Uint8Array>();

/**
 * 1 for each passage (by position) on a line the notes label superseded, else 0: a label belongs to the whole
 * line, whatever pieces the reader cuts it into. The sentences of a long labelled bullet and the part after a
 * colon opener ("Superseded, do not use: Change of plan: pin 4.2") are as superseded as its first words.
 * Read once per parsed artifact.
 */
export function supersededLines(parsed: ParsedArtifact): Uint8Array {
  let found = labelledLines.get(parsed);
  if (found !== undefined) return found;
  const { passages } = parsed;
  found = new Uint8Array(passages.length);
  for (let first = 0; first < passages.length; ) {
    const line = (passages[first] as Passage).line;
    let end = first + 1;
    while (end < passages.length && (passages[end] as Passage).line === line) end++;
    // The opening label is in the line's first piece; a marker ("… (superseded)") may be in any.
    let labelled = labelledSuperseded((passages[first] as Passage).text);
    for (let at = first + 1; at < end && !labelled; at++)
      labelled = MARKER.test((passages[at] as Passage).text);
    if (labelled) found.fill(1, first, end);
    first = end;
  }
  labelledLines.set(parsed, found);
  return found;
}

/** Whether the passage sits on a line the notes label superseded (see `supersededLines`). */
export function onSupersededLine(parsed: ParsedArtifact, passage: Passage): boolean {
  return supersededLines(parsed)[passage.position] === 1;
}
