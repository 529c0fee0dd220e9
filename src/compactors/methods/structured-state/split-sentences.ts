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
// later reader needs, and every kept sentence pays for them.
const OPENER =
  /^(?:(?:ok(?:ay)?|so|also|alright|right|well|btw|by the way|fyi|heads up|one more thing|quick one(?: before i forget)?|noting this here|for the record|just so you know|oh|hm+|ugh|good|great|thanks|perfect|cool|sure|yes|yeah)\b[\s,.:;!—–-]*|no[,.!]\s*)+/i;

/** The sentence without leading filler words and list markers; the original when nothing would be left. */
export function stripOpener(sentence: string): string {
  const stripped = sentence
    .replace(/^(?:[-*•>]|\d+[.)])\s+/, '')
    .replace(OPENER, '')
    .trim();
  return stripped.length >= 3 ? stripped : sentence.trim();
}
