import { normalizeText } from '../scoring/normalize.js';
import { STOPWORDS } from './content-words.js';

// An item named by its number: "rule one", "option 2", "step three", "the second option".
const LABEL =
  /\b([a-z]+ (?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})|(?:first|second|third|fourth|fifth|last) [a-z]+)\b/i;

// "one" is a function word elsewhere ("the one with the queue") but a number in "rule one".
const NUMBER_WORDS = new Set(['one']);

/** The numbered label a question names ("What was rule one?": "rule one"), normalised and spaced, if any. */
export function labelIn(prompt: string): string | undefined {
  for (const match of prompt.matchAll(new RegExp(LABEL.source, 'gi'))) {
    const label = normalizeText(match[1] as string);
    // "which one", "the first", "at least two": a function word names no item.
    if (label.split(' ').some((word) => STOPWORDS.has(word) && !NUMBER_WORDS.has(word))) continue;
    return ` ${label} `;
  }
  return undefined;
}
