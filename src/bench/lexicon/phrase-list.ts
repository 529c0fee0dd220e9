/**
 * Splits a word list written as text into its entries: `|` and line breaks separate entries, surrounding
 * spaces are dropped. Long lists stay compact and readable this way, one topic per line.
 *
 * @example phraseList('retry logic | cache layer\nrate limiter') // ['retry logic', 'cache layer', 'rate limiter']
 */
export function phraseList(text: string): readonly string[] {
  return Object.freeze(
    text
      .split(/[|\n]/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );
}
