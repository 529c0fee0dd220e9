import { contentStems, stemWord } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A ban on a kind of thing with the one kind it lets through: "no emails go to customers, other than password
 * resets", "no new dependencies except dev tooling", "never any migrations but reversible ones". An action that
 * names the kind ("send the weekly digest email") and not the one let through is banned; one that names the
 * exception ("send the password reset email") is not.
 */

// "no emails … other than password resets". Matched on the lower-cased sentence.
const BAN_BUT =
  /\b(?:no|never any|not any|zero)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\b[^.;!?]{0,60}?\b(?:other than|except(?: for)?|apart from|besides|save for|excluding|but)\s+([^.;!?,:()]+)/g;

/**
 * The stems of a text, stemmed once more: the crude stemmer takes one suffix per word, so "reminders" and
 * "reminder" stem apart ("reminder", "remind") until the second pass.
 */
function rootsOf(text: string): string[] {
  return [...new Set(contentStems(text).map(stemWord))];
}

/** The latest passage banning a kind the action names, when the action does not name the kind let through. */
export function categoryBanAgainst(parsed: ParsedArtifact, action: string): Passage | undefined {
  const actionStems = new Set(rootsOf(action));
  if (actionStems.size === 0) return undefined;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage says "other than", "except" and the like.
    if (!/\b(?:other than|except|apart from|besides|save for|excluding|but)\b/.test(passage.normalized))
      continue;
    for (const match of passage.text.toLowerCase().matchAll(BAN_BUT)) {
      const kind = rootsOf(match[1] as string);
      if (kind.length === 0 || !kind.some((stem) => actionStems.has(stem))) continue;
      const allowed = rootsOf(match[2] as string).filter((stem) => !kind.includes(stem));
      if (allowed.length === 0 || allowed.some((stem) => actionStems.has(stem))) continue;
      found = passage;
    }
  }
  return found;
}

/**
 * Whether the passage's ban on a kind lets the action through: the action names the kind and the one kind the
 * ban excepts ("send the password reset email" under "no emails other than password resets").
 */
export function letThroughBy(passage: Passage, action: string): boolean {
  const actionStems = new Set(rootsOf(action));
  for (const match of passage.text.toLowerCase().matchAll(BAN_BUT)) {
    const kind = rootsOf(match[1] as string);
    const allowed = rootsOf(match[2] as string).filter((stem) => !kind.includes(stem));
    if (allowed.length > 0 && allowed.every((stem) => actionStems.has(stem))) return true;
  }
  return false;
}
