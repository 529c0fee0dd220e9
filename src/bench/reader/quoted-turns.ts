import type { Passage } from './passage.js';

// A message that quotes an earlier one with the header a transcript writes it under: "[turn 15] assistant: Going
// by the notes: [turn 2] user: …". Group 1 is the quoting message's turn, group 2 the quoted one's.
const QUOTED_TURN =
  /^\[turn (\d+)\][^[]*?\[turn (\d+)\]\s*(?:user|assistant|system|tool\b[^\s:]{0,80}(?: \(failed\))?):\s*/;

/** How much of the quoted message is looked for in the earlier passages: enough to be no coincidence. */
const QUOTE_PROBE = 60;

/**
 * Whether a transcript line is a message quoting an earlier one by its header, whose words an earlier passage
 * holds as written ("[turn 15] assistant: Going by the notes: [turn 2] user: bump the version…"). Such a
 * message restates what was said then and adds nothing: read as a new message it would make an old plan, a
 * task since done or a value since corrected the newest word on its subject. A line quoting text the passages
 * do not hold (the original was left out of the notes) is kept, as it is then the only record of it.
 */
export function quotesEarlierTurn(line: string, earlier: readonly Passage[]): boolean {
  // A cheap no for almost every line: a quote needs a second header.
  if (line.indexOf('[turn ', 1) < 0) return false;
  const match = QUOTED_TURN.exec(line);
  if (match === null || Number(match[2]) >= Number(match[1])) return false;
  const quoted = line.slice(match[0].length);
  // The first sentence of the quote, or its first words: a long line is kept as sentences, one per passage.
  const sentenceEnd = quoted.search(/[.!?](?:\s|$)/);
  const probe = quoted.slice(0, Math.min(QUOTE_PROBE, sentenceEnd < 0 ? quoted.length : sentenceEnd)).trim();
  if (probe.length === 0) return false;
  return earlier.some((passage) => passage.text.includes(probe));
}
