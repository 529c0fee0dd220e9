/** Lines up to this many characters are one passage; longer ones are split into sentences. */
export const MAX_LINE_PASSAGE = 300;

// A "sentence" longer than this (a log line, minified JSON) is cut at spaces so a passage stays quotable.
const MAX_SENTENCE = 400;

// After a full stop, "!" or "?", but not after a log tag written in capitals ("npm ERR! Invalid: …").
const SENTENCE_BREAK = /(?<=[.!?])(?<!\b[A-Z]{2,6}!)\s+/;

/** The passages of one line: the line itself, or its sentences when it is long, long sentences cut at spaces. */
export function splitLine(line: string): string[] {
  if (line.length <= MAX_LINE_PASSAGE) return [line];
  const pieces: string[] = [];
  for (const sentence of line.split(SENTENCE_BREAK)) {
    if (sentence.length <= MAX_SENTENCE) {
      if (sentence !== '') pieces.push(sentence);
      continue;
    }
    let start = 0;
    while (start < sentence.length) {
      let end = Math.min(start + MAX_LINE_PASSAGE, sentence.length);
      if (end < sentence.length) {
        const space = sentence.lastIndexOf(' ', end);
        if (space > start) end = space;
      }
      const piece = sentence.slice(start, end).trim();
      if (piece !== '') pieces.push(piece);
      start = end;
    }
  }
  return pieces;
}
