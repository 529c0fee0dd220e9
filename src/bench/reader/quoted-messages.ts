import type { ParsedArtifact } from './parse-artifact-text.js';

// A transcript message's header: "[turn 5] user:".
const HEADER = /^\[turn \d+\] \w+:/;
// A header inside a message, after its own: the message quotes another one.
const QUOTED_HEADER = /\[turn \d+\] \w+:/g;

const repeatsOf = new WeakMap<ParsedArtifact, Uint8Array>();

/**
 * By position, 1 for a passage that quotes an earlier message still in the artifact ("Picking this up from the
 * notes: [turn 5] user: …" while turn 5 is there): a repeat, whose words are better read where they were first
 * said. A quote of a message the artifact no longer holds is all that is left of it, and counts in full.
 */
export function quotedRepeats(parsed: ParsedArtifact): Uint8Array {
  let repeats = repeatsOf.get(parsed);
  if (repeats !== undefined) return repeats;
  const { passages } = parsed;
  repeats = new Uint8Array(passages.length);
  const headers = new Set<string>();
  for (const passage of passages) {
    if (!passage.text.startsWith('[turn ')) continue;
    const header = HEADER.exec(passage.text);
    if (header !== null) headers.add(header[0]);
  }
  for (const passage of passages) {
    if (!passage.text.startsWith('[turn ')) continue;
    const quoted = Array.from(passage.text.matchAll(QUOTED_HEADER), (match) => match[0]).slice(1);
    if (quoted.length > 0 && quoted.every((header) => headers.has(header))) repeats[passage.position] = 1;
  }
  repeatsOf.set(parsed, repeats);
  return repeats;
}
