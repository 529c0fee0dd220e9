import { lowercaseWords, namesIn } from './answer-shapes.js';
import type { ParsedArtifact } from './parse-artifact-text.js';

const commonWords = new WeakMap<ParsedArtifact, Set<string>>();

/** The words an artifact writes in lower case, read once per parsed artifact. */
export function commonWordsOf(parsed: ParsedArtifact): Set<string> {
  let words = commonWords.get(parsed);
  if (words === undefined) {
    words = lowercaseWords(parsed.passages.map((passage) => passage.text));
    commonWords.set(parsed, words);
  }
  return words;
}

// Two capitalised words in a row: without them a text holds no name, and the artifact need not be read for one.
const TWO_CAPITALISED = /\p{Lu}\p{Ll}+[ -]\p{Lu}\p{Ll}/u;

/** Whether a text may hold a name: two capitalised words in a row. */
export function mayHoldName(text: string): boolean {
  return TWO_CAPITALISED.test(text);
}

/** The names a prompt holds, read against the artifact's common words only when it may hold one. */
export function namesInPrompt(parsed: ParsedArtifact, prompt: string): string[] {
  return mayHoldName(prompt) ? namesIn(prompt, commonWordsOf(parsed)) : [];
}
