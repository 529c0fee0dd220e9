import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * "Why is logging the body a problem?" asks for a reason: the passage that answers it gives one, with the words
 * people give reasons in ("because", "that puts us in PCI scope", "which means", "on purpose: …"), where a
 * passage that only names the same things (a commit "Log region limits") gives none.
 */

// A question whose main ask is why: "Why …?", "Why not …?", not "Which folder, and why?" (that asks for a folder).
const ASKS_WHY = /^\s*why\b/i;

// The words a reason is given in. Lower-cased text.
const GIVES_REASON =
  /\b(?:because|since|due to|so that|otherwise|or else|which means|that means|means that|the reason|in order to|causes?|caused|leads? to|results? in|puts (?:us|you|them|it|the \w+) (?:in|at|out)|on purpose|for fear)\b/;

/** Whether a question's main ask is why something is so (see above). */
export function asksWhy(prompt: string): boolean {
  return ASKS_WHY.test(prompt);
}

const known = new WeakMap<ParsedArtifact, Uint8Array>();

/** 1 for each passage that gives a reason in the usual words (see above); read once per parsed artifact. */
export function reasonGivers(parsed: ParsedArtifact): Uint8Array {
  const cached = known.get(parsed);
  if (cached !== undefined) return cached;
  const { passages } = parsed;
  const gives = new Uint8Array(passages.length);
  for (let position = 0; position < passages.length; position++) {
    if (GIVES_REASON.test((passages[position] as Passage).normalized)) gives[position] = 1;
  }
  known.set(parsed, gives);
  return gives;
}
