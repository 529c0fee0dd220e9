import { withoutHeader } from './message-header.js';
import type { Passage } from './passage.js';

// A message that quotes an earlier one with the header a transcript writes it under: "[turn 15] assistant: Going
// by the notes: [turn 2] user: …". Group 1 is the quoting message's turn, group 2 the quoted one's.
const QUOTED_TURN =
  /^\[turn (\d+)\][^[]*?\[turn (\d+)\]\s*(?:user|assistant|system|tool\b[^\s:]{0,80}(?: \(failed\))?):\s*/;

/** How much of the quoted message is looked for in the earlier passages: enough to be no coincidence. */
const QUOTE_PROBE = 60;

// An assistant's message that repeats an earlier line after a lead-in ending in a colon: "[turn 15] assistant:
// From the notes: tests/report_test.py::test_totals PASSED". Group 1 is what follows the lead-in.
const LEAD_IN_QUOTE = /^\[turn \d+\]\s*assistant:\s*[^:[]{1,60}:\s+(.+)$/;

/** A repeat without a header must be at least this long to be no coincidence. */
const MIN_REPEAT = 30;

// Where a passage of a long line can end: after a sentence's end, before a space.
const SENTENCE_END = /[.!?](?=\s)/g;

/**
 * Reads whether a transcript line is a message quoting an earlier one, given the passages read before it (the
 * array grows as lines are read; it is indexed as needed): by the earlier one's header, its words held as
 * written by an earlier passage ("[turn 15] assistant: Going by the notes: [turn 2] user: bump the version…"),
 * or, from the assistant, an earlier passage word for word after a lead-in ending in a colon ("[turn 15]
 * assistant: From the notes: <an earlier passage>"). Such a message restates what was said then and adds
 * nothing: read as a new message it would make an old plan, a task since done or a value since corrected the
 * newest word on its subject. A line quoting text the passages do not hold (the original was left out of the
 * notes) is kept, as it is then the only record of it; so is a person repeating an earlier plan word for word,
 * who may be taking it up again.
 */
export function quoteReader(earlier: readonly Passage[]): (line: string) => boolean {
  const texts = new Set<string>();
  let indexed = 0;
  const holdsWhole = (text: string) => {
    for (; indexed < earlier.length; indexed++) {
      const { text: earlierText } = earlier[indexed] as Passage;
      texts.add(earlierText);
      // A line of a tool's output or a message is quoted without the header it came under.
      texts.add(withoutHeader(earlierText));
    }
    return texts.has(text);
  };
  return (line) => {
    // A cheap no for almost every line: a quote needs a second header, or an assistant's lead-in.
    if (line.indexOf('[turn ', 1) >= 0) {
      const match = QUOTED_TURN.exec(line);
      if (match !== null && Number(match[2]) < Number(match[1]))
        return holdsStart(line.slice(match[0].length), earlier);
    }
    if (!line.includes('assistant:')) return false;
    const repeated = LEAD_IN_QUOTE.exec(line)?.[1];
    if (repeated === undefined || repeated.length < MIN_REPEAT) return false;
    // The repeat is one earlier passage, or several joined: it starts with one whole.
    if (holdsWhole(repeated)) return true;
    for (const end of repeated.matchAll(SENTENCE_END)) {
      const start = repeated.slice(0, end.index + 1);
      if (start.length >= MIN_REPEAT && holdsWhole(start)) return true;
    }
    return false;
  };
}

/** Whether an earlier passage holds the start of `quoted` (its first sentence, at most 60 characters). */
function holdsStart(quoted: string, earlier: readonly Passage[]): boolean {
  // The first sentence of the quote, or its first words: a long line is kept as sentences, one per passage.
  const sentenceEnd = quoted.search(/[.!?](?:\s|$)/);
  const probe = quoted.slice(0, Math.min(QUOTE_PROBE, sentenceEnd < 0 ? quoted.length : sentenceEnd)).trim();
  if (probe.length === 0) return false;
  return earlier.some((passage) => passage.text.includes(probe));
}
