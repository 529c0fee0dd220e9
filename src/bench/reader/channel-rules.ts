import type { ActionQuery } from './action-query.js';
import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A way of doing something, with the ways it is not done set against it: "report vulnerabilities by email to
 * security@…, not through GitHub issues or pull requests", "send refunds via the admin API, never through the
 * database". The ways set aside follow a comma and "not"/"never" and a word of means ("through", "via", "in",
 * "as"). An action that takes one of them ("gh issue create …") for what the sentence is about (a word of it
 * in the prompt or the action: "report") goes against it.
 */

// ", not through X, Y or Z", "; never via X", "— and not in a public issue". Matched on lower-cased text.
const SET_ASIDE =
  /(?:,|;|\s[—–-])\s*(?:and\s+|but\s+)?(?:not|never)\s+(?:through|via|in|on|as|with|by|using|over|into|to)\s+([^.:;!?()]+)/g;

/** The latest passage that sets aside a way of doing what the prompt or the action is about, which the action takes. */
export function channelRuleAgainst(parsed: ParsedArtifact, query: ActionQuery): Passage | undefined {
  const { actionStems, asked } = query;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage says "not" or "never" after a comma.
    const text = passage.text;
    if (
      !text.includes(', not ') &&
      !text.includes(', never ') &&
      !/[;—–-]\s*(?:and |but )?(?:not|never) /.test(text)
    )
      continue;
    const lower = text.toLowerCase();
    for (const match of lower.matchAll(SET_ASIDE)) {
      const setAside = new Set(contentStems(match[1] as string));
      if (![...setAside].some((stem) => actionStems.has(stem))) continue;
      // What the sentence is about: its words before the ways set aside, less those ways.
      const start = Math.max(
        0,
        ...['. ', '! ', '? '].map((mark) => lower.lastIndexOf(mark, match.index) + 2),
      );
      const about = contentStems(lower.slice(start, match.index)).filter((stem) => !setAside.has(stem));
      if (about.some((stem) => asked.has(stem))) found = passage;
    }
  }
  return found;
}
