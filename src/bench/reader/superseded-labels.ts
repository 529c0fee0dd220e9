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
