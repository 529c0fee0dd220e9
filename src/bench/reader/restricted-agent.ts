import { contentStems, stemOf } from './content-words.js';
import { passagesOfLine } from './line-passages.js';
import type { Passage } from './passage.js';

// "only the release bot may push there", "the bot is the only thing allowed to push to it", "only CI can
// deploy": a rule that keeps an action to someone else. Matched on normalised text; the restricted verb is
// the word after the permission. Whoever is named, the assistant is not one of them, unless the words between
// name the listener ("you're the only one who may deploy").
const ONLY_AGENT_MAY =
  /\bonly (?:[a-z0-9]+ ){0,4}?(?:(?:is|are) )?(?:allowed to|permitted to|may|can|gets to|get to|is to|are to|that may|that can|who may|who can|that is allowed to|who is allowed to|that are allowed to|who are allowed to) ([a-z0-9]+)/g;

// The listener or the speaker's own group among the agent's words: the restriction lets them act.
const THE_LISTENER = /\b(?:you|we|i|us|assistant|yourself)\b/;

/** The stems of the verbs a passage keeps to an agent other than the listener ("only the bot may push"). */
function restrictedVerbs(passage: Passage): string[] {
  const verbs: string[] = [];
  for (const match of passage.normalized.matchAll(ONLY_AGENT_MAY)) {
    const before = passage.normalized.slice(Math.max(0, match.index - 24), match.index);
    // "you're the only one allowed to": the listener is the agent.
    const agent = `${before.trim().split(' ').slice(-4).join(' ')} ${match[0]}`;
    if (THE_LISTENER.test(agent)) continue;
    verbs.push(stemOf(match[1] as string));
  }
  return verbs;
}

/**
 * The latest of `passages` (all of an artifact's, in reading order) that keeps a verb of the action to someone
 * else, in a line that names another content word of the action: what the verb acts on, often in the sentence
 * before ("nothing goes straight to release-train. the bot is the only thing allowed to push there" against
 * `git push origin fix:release-train`).
 */
export function ruleRestrictingAgent(action: string, passages: readonly Passage[]): Passage | undefined {
  const stems = contentStems(action);
  if (stems.length < 2) return undefined;
  let found: Passage | undefined;
  passages.forEach((passage, index) => {
    if (!passage.normalized.includes('only')) return;
    const verbs = restrictedVerbs(passage).filter((verb) => stems.includes(verb));
    if (verbs.length === 0) return;
    const lineStems = new Set<string>();
    for (const other of passagesOfLine(passages, index)) {
      for (const stem of contentStems(other.normalized)) lineStems.add(stem);
    }
    if (stems.some((stem) => !verbs.includes(stem) && lineStems.has(stem))) found = passage;
  });
  return found;
}
