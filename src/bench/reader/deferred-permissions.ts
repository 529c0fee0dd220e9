import type { ActionQuery } from './action-query.js';
import { contentStems, stemWord } from './content-words.js';
import { passagesOfLine } from './line-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A permission that waits on a condition: "it may be removed after 18 months, and only in the next major
 * version", "the branch can only be merged once QA signs off". It allows the thing later and so forbids it now:
 * an action that does it (the verb or one meaning the same: "delete" for "removed") to what the paragraph is
 * about (two words of it in the action or the prompt), and says nothing of the condition, jumps the wait.
 */

// "may be removed after", "can only be merged once", "may not be dropped before". Matched on lower-cased text.
const DEFERRED =
  /\b(?:may|can|is allowed to|are allowed to|must)\s+(?:only\s+)?be\s+([a-z]+ed)\s+(?:only\s+)?(?:after|once|when|not before|no earlier than|until)\b([^.;!?]*)/g;
// Verbs that do the same to a thing: a fact of English, not of any one document. Stems (see `stemWord`).
const SAME_DOING: readonly (readonly string[])[] = [
  ['remov', 'delet', 'drop', 'strip', 'cut'],
  ['renam', 'mov'],
  ['merg', 'land'],
  ['releas', 'ship', 'publish', 'deploy'],
  ['chang', 'modify', 'edit', 'alter', 'updat'],
];
/** How many words of the paragraph the action and prompt must share to be about its thing. */
const MIN_SHARED = 2;

function sameDoing(verb: string): ReadonlySet<string> {
  return new Set(SAME_DOING.find((group) => group.includes(verb)) ?? [verb]);
}

/** The latest passage whose deferred permission the action jumps (see above), or undefined. */
export function deferredPermissionAgainst(parsed: ParsedArtifact, query: ActionQuery): Passage | undefined {
  const { actionStems, asked } = query;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage says "be …ed after".
    if (!passage.normalized.includes(' be ')) continue;
    for (const match of passage.text.toLowerCase().matchAll(DEFERRED)) {
      const verbs = sameDoing(stemWord(match[1] as string));
      const doing = [...actionStems].filter((stem) => verbs.has(stem));
      if (doing.length === 0) continue;
      // The action that names the condition ("after the deprecation period") waits for it.
      if (contentStems(match[2] as string).some((stem) => actionStems.has(stem))) continue;
      const line = new Set(
        passagesOfLine(parsed.passages, passage.position).flatMap((part) => contentStems(part.normalized)),
      );
      const shared = [...asked].filter((stem) => line.has(stem) && !verbs.has(stem)).length;
      if (shared >= MIN_SHARED) found = passage;
    }
  }
  return found;
}
