import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A thing that must go in a container of its own: "changes under legal/ must be in a pull request of their
 * own, with no other files in it", "the migration ships in a separate release". Putting it in one container
 * with other work ("one PR is fine", "the same pull request") breaks that, when the action or the prompt says
 * so of that thing (a word of the rule's passage or the one before it). A container said by its initials
 * ("PR" for "pull request") is the same container: how such abbreviations are made is a fact of English.
 */

// "in a pull request of their own", "in its own commit", "in a separate release". Lower-cased text.
const OWN =
  /\b(?:in|into|as|get|gets|needs?|go(?:es)? in)\s+(?:an?\s+|its\s+|their\s+)?(?:(?:own|separate|dedicated)\s+((?:[a-z]+\s+){0,1}[a-z]+)|((?:[a-z]+\s+){0,1}[a-z]+)\s+of\s+(?:its|their)\s+own)\b/;
// Putting things together: "one PR", "the same pull request", "a single commit", "together", "both in".
const TOGETHER = (container: string) =>
  new RegExp(`\\b(?:one|the same|same|a single|single|one big|together in (?:one|a))\\s+(?:${container})\\b`);

// An answer that agrees to what the prompt asks: "yes, …", "sure", "fine".
const YES = /^(?:yes|yeah|yep|sure|fine|ok|okay|of course)\b/;

/** The ways to say a container: its words, and its initials in capitals ("PR" for "pull request"). */
function containerPattern(words: string): string {
  const parts = words.trim().split(/\s+/);
  const initials = parts.length > 1 ? parts.map((word) => word[0]).join('') : undefined;
  const spelled = parts.join('\\s+');
  return initials === undefined ? `${spelled}s?` : `${spelled}s?|${initials}s?`;
}

/** The latest passage keeping a thing to a container of its own, when the action puts it in one with others. */
export function ownContainerAgainst(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): Passage | undefined {
  const asked = new Set([...contentStems(prompt), ...contentStems(action)]);
  const doing = action.toLowerCase();
  // An action that keeps it apart complies; a "yes" to a prompt asking to put it together does not.
  if (/\b(?:own|separate|dedicated|apart)\b/.test(doing)) return undefined;
  const said = YES.test(doing) ? `${prompt.toLowerCase()} ${doing}` : doing;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage says "own", "separate" or "dedicated".
    if (!/\b(?:own|separate|dedicated)\b/.test(passage.normalized)) continue;
    const match = OWN.exec(passage.text.toLowerCase());
    if (match === null) continue;
    const container = (match[1] ?? match[2]) as string;
    if (!TOGETHER(containerPattern(container)).test(said)) continue;
    // The thing the rule is about, said in the prompt or the action.
    const before = parsed.passages[passage.position - 1];
    const thing = new Set([
      ...contentStems(passage.text.slice(0, match.index)),
      ...(before === undefined ? [] : contentStems(before.text)),
    ]);
    if ([...asked].some((stem) => thing.has(stem))) found = passage;
  }
  return found;
}
