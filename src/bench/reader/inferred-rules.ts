import { actionQuery } from './action-query.js';
import { categoryBanAgainst } from './category-bans.js';
import { channelRuleAgainst } from './channel-rules.js';
import { deferredPermissionAgainst } from './deferred-permissions.js';
import { misroutedName } from './name-patterns.js';
import { ownContainerAgainst } from './own-containers.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { readOnlyStoreAgainst } from './read-only-stores.js';
import { reviewBlocking } from './review-blocks.js';
import type { Supersession } from './superseded-values.js';
import { thresholdRuleAgainst } from './threshold-rules.js';
import { timeScopedRuleAgainst } from './time-scoped-rules.js';
import { topicHoldAgainst } from './topic-holds.js';

/**
 * A rule the notes state without naming the action, found by a small inference: a passage to quote (with its
 * whole message when `documented`, or only `quote` of it), or a name the notes give instead of the action's
 * (see `misroutedName`).
 */
export type InferredRule =
  | { passage: Passage; documented?: true; quote?: string }
  | { supersession: Supersession };

/**
 * The first rule that applies to the action by inference, in this order: a threshold its amount is past, a
 * time it is banned at, a read-only database it writes, a way of doing it the notes set aside, a name routed
 * elsewhere than the case is for, a permission that waits on a condition, a hold on its topic, a ban on its
 * kind, a thing kept to a container of its own, code a review blocked. Consulted only when no passage names the action as a rule or a change of plan.
 */
export function inferredRuleAgainst(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): InferredRule | undefined {
  // Such rules are quoted with their whole message: its exception and what to do otherwise go with the rule.
  const quoted = (passage: Passage | undefined): InferredRule | undefined =>
    passage === undefined ? undefined : { passage, documented: true };
  const misrouted = () => {
    const supersession = misroutedName(parsed, prompt, action);
    return supersession === undefined ? undefined : { supersession };
  };
  const blocked = () => {
    const found = reviewBlocking(parsed, action);
    return found === undefined ? undefined : { passage: found.passage, quote: found.quote };
  };
  // The action's and prompt's stems, read once for the inferences that need them.
  const query = actionQuery(prompt, action);
  return (
    quoted(thresholdRuleAgainst(parsed, prompt, action)) ??
    (query && quoted(timeScopedRuleAgainst(parsed, query))) ??
    quoted(readOnlyStoreAgainst(parsed, action)) ??
    (query && quoted(channelRuleAgainst(parsed, query))) ??
    misrouted() ??
    (query && quoted(deferredPermissionAgainst(parsed, query))) ??
    quoted(topicHoldAgainst(parsed, action)) ??
    quoted(categoryBanAgainst(parsed, action)) ??
    quoted(ownContainerAgainst(parsed, prompt, action)) ??
    blocked()
  );
}
