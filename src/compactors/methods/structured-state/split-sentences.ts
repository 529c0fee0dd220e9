/**
 * Splits message text into sentences: first at line breaks (lists and "who is who" blocks put one statement per
 * line), then after `.` or `?` followed by a space and a capital, a quote or a backtick. A period inside a
 * version, path, decimal or code span does not end a sentence, because it is never followed by a space; `!`
 * never does, since tools shout (`npm ERR! Missing: …`) far more often than people exclaim in statements.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    for (const part of line.split(/(?<=[.?])\s+(?=[A-Z"'`([])/)) {
      const sentence = part.trim();
      if (sentence !== '') sentences.push(sentence);
    }
  }
  return sentences;
}

// Openers people put before the point ("Okay, so —", "Quick one before I forget:"): they carry nothing a
// later reader needs, and every kept sentence pays for them. Only discourse markers go, and only when set off
// by punctuation ("Right, …" but not "Right now …", "Well, …" but not "Well-tested …"), and so do set phrases
// ("For the record: …" but not "Heads up from Dana …", where the phrase is part of the statement). Answer words ("yes", "no", "sure",
// "okay", "sounds good") never go: they accept or refuse something, and "yes, do that" without its "yes" is
// an order with no history. Evaluative words ("good", "great") stay too: "Good news, …" is not filler.
const MARKER = `(?:ok(?:ay)?,? so|so|also|alright|right|well|anyway|btw|fyi|oh|hm+|ugh|um+|uh|hey|hi|hello|thanks|thank you)`;
const PHRASE = `(?:by the way|heads up|one more thing|quick one(?: before i forget)?|noting this here|for the record|just so you know|quick note|side note|small thing|one thing for the record|for context|good to know|worth knowing|before i forget|before we go on|while i think of it|context for later|(?:noting|note|putting|writing) (?:this|that|it) (?:down )?(?:here )?for later|for (?:future|later) reference|circling back(?: to [^:,.]{1,40})?|back to (?:this morning|earlier|yesterday|before))`;
const SET_OFF = String.raw`\s*(?:[,.:;!—–]|\s-{1,2}\s)[\s,.:;!—–-]*`;
// A lead-in that only says the point is being put on record, up to its colon: "just so it's written down:", "I
// mentioned it in the meeting, but to have it in writing:", "this came up in standup, so for the thread:",
// "someone asked me about this earlier, so here it is:". What follows the colon is the statement.
const ON_RECORD = String.raw`[^:.?!]{0,60}?\b(?:(?:so|that) (?:it'?s|it is|this is) (?:written down|on record|in writing)|to have (?:it|this) in writing|so for the (?:thread|record|notes)|so here it is|for the thread)\s*:\s*`;
const OPENER = new RegExp(`^(?:(?:${MARKER}|${PHRASE})${SET_OFF}|${ON_RECORD})+`, 'i');

/** The sentence without leading filler words and list markers; the original when nothing would be left. */
export function stripOpener(sentence: string): string {
  const stripped = sentence
    .replace(/^(?:[-*•>]|\d+[.)])\s+/, '')
    .replace(OPENER, '')
    .trim();
  return stripped.length >= 3 ? stripped : sentence.trim();
}

/**
 * Whether text has more than `limit` words, as `text.split(/\s+/).length > limit` counts them, stopping at the
 * first space past the limit: a long text is not split whole only to learn it is long.
 */
export function moreWordsThan(text: string, limit: number): boolean {
  const spaces = /\s+/g;
  let count = 1;
  while (spaces.exec(text) !== null) if (++count > limit) return true;
  return false;
}
