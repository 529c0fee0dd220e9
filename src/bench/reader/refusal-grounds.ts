import { type Found, findLooseMentions, mentionIn } from './action-mentions.js';
import { contentStems } from './content-words.js';
import { droppedPlan } from './dropped-plans.js';
import { heldBackAfter } from './held-back-predicate.js';
import { notablePassages } from './notable-passages.js';
import { outsideException } from './outside-exception.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planReversal } from './plan-reversals.js';
import { buildQueryWeights, fullMask, matchMasks } from './query-weights.js';
import { rejectedOption } from './rejected-options.js';
import { ruleRestrictingAgent } from './restricted-agent.js';
import { exceptionForCase, exceptionOf } from './rule-exceptions.js';
import { ruleNamingPartOf } from './rule-phrase.js';
import type { Supersession } from './superseded-values.js';
import { saysDone } from './task-done.js';
import { vetoNamingPartOf } from './vetoed-proposals.js';

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * Why the reader will not take the tempting default: a rule against it, a later change of plan, or a value in
 * it that a later message corrected ("port 6457" … "typo, it's 6437").
 */
export type Reason =
  | { kind: 'rule' | 'superseded'; passage: Passage; next?: Passage; documented?: boolean; quote?: string }
  | { kind: 'reversed'; passage: Passage; standing: string }
  | { kind: 'corrected'; passage: Passage; supersession: Supersession };

/**
 * A rule in other words ("no shipping on Friday afternoons" against "ship on Fridays"): every content word of
 * the action, in a passage that states a rule. Only consulted when no passage names the action as written.
 */
export function findParaphrasedRule(parsed: ParsedArtifact, action: string): Passage | undefined {
  const stems = contentStems(action);
  if (stems.length < 2) return undefined;
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  const all = fullMask(query);
  const masks = matchMasks(parsed, query);
  let found: Passage | undefined;
  for (const passage of notablePassages(parsed)) {
    const isRule = passage.section === 'Forbidden behaviors' || passage.cues.rule.length > 0;
    if (isRule && masks[passage.position] === all) found = passage;
  }
  return found;
}

/**
 * The passage that last speaks of the action, when it says the work is done or no longer needed. People report
 * work done in other words than the task's ("replied to" for "reply to"), so words of it are looked for too.
 */
export function doneSince(
  parsed: ParsedArtifact,
  action: string,
  mentions: readonly Found[],
): Passage | undefined {
  const loose =
    mentions.length > 0 && mentions[0]?.fragment === action ? findLooseMentions(parsed, action) : [];
  let latest: Found | undefined;
  for (const found of [...mentions, ...loose]) {
    if (latest === undefined || found.passage.position > latest.passage.position) latest = found;
  }
  return latest !== undefined && saysDone(latest.passage.text, latest.fragment) ? latest.passage : undefined;
}

/**
 * A plan a later line dropped without naming the action's words as a mention would (see `droppedPlan`), or a
 * value of it turned down with the other options just given (see `rejectedOption`).
 */
export function droppedOf(parsed: ParsedArtifact, action: string): Reason | undefined {
  const dropped = droppedPlan(parsed, action) ?? rejectedOption(parsed, action);
  return dropped === undefined
    ? undefined
    : { kind: 'reversed', passage: dropped.passage, standing: dropped.quote };
}

/**
 * A plan a person dropped in passing after `mention` took the action up, in a line whose dropped part names
 * what the action is about ("park the Kafka thing"): more to the point than any change of plan after it.
 */
export function reversalOf(parsed: ParsedArtifact, mention: Passage, action: string): Reason | undefined {
  const reversal = planReversal(parsed, mention, action, NO_WORDS, true);
  if (reversal === undefined) return undefined;
  const passage = reversal.passages[0] as Passage;
  // A line that only drops the plan ("scratch that, let's instead X") is quoted whole, as any change of plan.
  if (!reversal.follows) return { kind: 'superseded', passage };
  return { kind: 'reversed', passage, standing: reversal.text };
}

/** The rule the action restates does not hold for the prompt's case: its message makes an exception for it. */
export function excepted(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): Reason | undefined {
  const naming = exceptionForCase(parsed, prompt, action, general);
  if (naming.length === 0) return undefined;
  // The rule's own passage is quoted from its exception on: its rule is what the action restates.
  const standing = naming
    .map((passage) => sentence(passage === general ? exceptionOf(passage.text) : passage.text))
    .join('. ');
  return { kind: 'reversed', passage: naming[0] as Passage, standing };
}

/** The action does what a rule's exception allows, for a case the exception does not name (see `outsideException`). */
export function outsideOf(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): Reason | undefined {
  const rule = outsideException(parsed, prompt, action, general);
  return rule === undefined ? undefined : { kind: 'rule', passage: general, quote: rule };
}

/** A rule about a thing the action does, named by two of its words: the latest that rejects or holds it back. */
export function ruleNamingPart(parsed: ParsedArtifact, action: string): Reason | undefined {
  // A rule that keeps what the action does to someone else ("only the release bot may push there").
  const restricted = ruleRestrictingAgent(action, parsed.passages);
  if (restricted !== undefined) return { kind: 'rule', passage: restricted };
  const vetoed = vetoNamingPartOf(parsed, action);
  if (vetoed !== undefined) return { kind: 'superseded', passage: vetoed };
  const naming = ruleNamingPartOf(action, notablePassages(parsed)).findLast(
    ({ passage, phrase }) =>
      mentionIn(passage, phrase) === 'rejected' || heldBackAfter(passage.normalized, phrase),
  );
  return naming === undefined ? undefined : { kind: 'rule', passage: naming.passage };
}

/** The text without its closing punctuation, to be quoted inside a sentence of the reader's. */
export function sentence(text: string): string {
  return text.replace(/[\s.!?;:,]+$/, '');
}
