/**
 * A line that repeats earlier passages word for word after a lead-in ("Going by the notes: [turn 3] user: …")
 * says nothing new. Read as a passage of its own it would restate an old value or a dropped plan as the newest
 * word on it, and outrank the correction that came between. The reader reads what it repeats where it was first
 * said, and leaves the repetition out.
 */

/**
 * How many leading characters of a passage find it: a shorter passage is not looked for (a repetition of one
 * counts against the share of words not found).
 */
const KEY_LENGTH = 40;

/** A passage repeated alone is found whole from this many characters: fewer ("ok", "done") say too little. */
const MIN_WHOLE = 8;

/** A lead-in ends with a colon within this many characters of the line's start. */
const LEAD_IN_REACH = 200;

/** The share of the repeated part that may be words not found in an earlier passage (a closing remark). */
const MAX_UNMATCHED_SHARE = 0.1;

/** The passages read so far, by their first characters: what a later line may repeat. */
export interface EchoIndex {
  /** Remembers a passage's text as said. */
  add(text: string): void;
  /**
   * Whether `line`, after a lead-in that ends in ": " (not the first one, which names the writer in a
   * transcript), is made of passages already read, joined by spaces, all but a tenth of it.
   */
  repeats(line: string): boolean;
}

/** An index of `texts` (the passages read so far, in order) that more passages can be added to. */
export function createEchoIndex(texts: Iterable<string>): EchoIndex {
  const byStart = new Map<string, string[]>();
  const seen = new Set<string>();
  const add = (text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    if (text.length < KEY_LENGTH) return;
    const key = text.slice(0, KEY_LENGTH);
    const known = byStart.get(key);
    if (known === undefined) byStart.set(key, [text]);
    else known.push(text);
  };
  for (const text of texts) add(text);

  /** The longest passage read that `line` holds from `at` on, as written; undefined when none. */
  const passageAt = (line: string, at: number): string | undefined => {
    const known = byStart.get(line.slice(at, at + KEY_LENGTH));
    let longest: string | undefined;
    for (const text of known ?? []) {
      if (text.length > (longest?.length ?? 0) && line.startsWith(text, at)) longest = text;
    }
    return longest;
  };

  /** Whether `line` from `start` on is passages read, joined by spaces, all but a tenth of it. */
  const madeOfPassages = (line: string, start: number): boolean => {
    if (line.length - start < KEY_LENGTH) return false;
    let at = start;
    let matched = 0;
    let unmatched = 0;
    while (at < line.length) {
      if (line.charCodeAt(at) === 32) {
        at++;
        continue;
      }
      const passage = passageAt(line, at);
      if (passage !== undefined) {
        matched += passage.length;
        at += passage.length;
        continue;
      }
      // What follows the lead-in must be a passage read: a line that only ends like one repeats nothing.
      if (matched === 0) return false;
      const space = line.indexOf(' ', at);
      const wordEnd = space < 0 ? line.length : space;
      unmatched += wordEnd - at;
      if (unmatched > MAX_UNMATCHED_SHARE * (line.length - start)) return false;
      at = wordEnd;
    }
    return matched > 0;
  };

  return {
    add,
    repeats(line) {
      if (seen.size === 0) return false;
      const first = line.indexOf(': ');
      if (first < 0) return false;
      const reach = Math.min(line.length, LEAD_IN_REACH);
      for (let colon = line.indexOf(': ', first + 2); colon >= 0 && colon < reach; ) {
        // A short passage repeated alone ("…from the notes: currency.py") is found whole.
        const rest = line.slice(colon + 2).trim();
        if ((rest.length >= MIN_WHOLE && seen.has(rest)) || madeOfPassages(line, colon + 2)) return true;
        colon = line.indexOf(': ', colon + 2);
      }
      return false;
    },
  };
}
