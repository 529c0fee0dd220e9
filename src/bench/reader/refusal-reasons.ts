import { acceptedAlternative } from './accepted-alternative.js';
import { findLooseMentions, findMentions, pathMentions } from './action-mentions.js';
import { bypassedCheck } from './bypassed-checks.js';
import { letThroughBy } from './category-bans.js';
import { closingPassage } from './closed-tasks.js';
import { folderRuleAgainst } from './directory-rules.js';
import { documentRuleAgainst } from './document-rules.js';
import { inferredRuleAgainst } from './inferred-rules.js';
import { joinedWordRejections } from './joined-words.js';
import { isOverride, notablePassages } from './notable-passages.js';
import { alreadyRun, inEffect, observedOver } from './observed-states.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import {
  doneSince,
  droppedOf,
  excepted,
  findParaphrasedRule,
  outsideOf,
  type Reason,
  reversalOf,
  ruleNamingPart,
} from './refusal-grounds.js';
import { settledAgainstNamed, settledSince } from './settled-changes.js';
import { supersededValueIn } from './superseded-values.js';
import { fromSentenceNaming } from './task-done.js';
import { vetoOf } from './vetoed-proposals.js';

/**
 * Why the reader will not take the action: what the notes say of it as written or in its words, else a later
 * message that closes it in other words ("took care of the key thing", "skip it", a commit doing it).
 */
export function findReason(parsed: ParsedArtifact, prompt: string, action: string): Reason | undefined {
  const stated = findStatedReason(parsed, prompt, action);
  if (stated !== undefined) return stated;
  // A rule the notes state without naming the action, that applies to it by a small inference (see there).
  const inferred = inferredRuleAgainst(parsed, prompt, action);
  if (inferred !== undefined) {
    if ('supersession' in inferred) {
      const { supersession } = inferred;
      return { kind: 'corrected', passage: supersession.correction, supersession };
    }
    return { kind: 'rule', ...inferred };
  }
  const closed = closingPassage(parsed, action, -1);
  return closed === undefined
    ? undefined
    : { kind: 'superseded', passage: closed, quote: fromSentenceNaming(closed.text, action) };
}

function findStatedReason(parsed: ParsedArtifact, prompt: string, action: string): Reason | undefined {
  const literal = findMentions(parsed, action);
  // Else its words met elsewhere, with any rule against a thing it names by a joined word ("the last thing I
  // want is another cron job" against "add a crontab entry", "floats for money will bite us" against
  // `parseFloat(total)`), or naming a file path it names (see `pathMentions`), in reading order.
  const mentions =
    literal.length > 0
      ? literal
      : [
          ...findLooseMentions(parsed, action),
          ...joinedWordRejections(parsed, action),
          ...pathMentions(parsed, action),
        ].sort((a, b) => a.passage.position - b.passage.position);
  const listed = mentions.find((entry) => entry.passage.section === 'Forbidden behaviors');
  if (listed !== undefined) return { kind: 'rule', passage: listed.passage };
  const lastRejected = mentions.findLast((entry) => entry.mention === 'rejected')?.passage;
  const lastAffirmed = mentions.findLast((entry) => entry.mention === 'affirmed')?.passage;
  // A rule stands unless a later passage takes the action up again as an explicit change ("switch to X").
  const reinstated =
    lastRejected !== undefined &&
    lastAffirmed !== undefined &&
    lastAffirmed.position > lastRejected.position &&
    isOverride(parsed, lastAffirmed);
  // A ban whose exception is the action ("no emails other than password resets" for a reset email) is none.
  if (lastRejected !== undefined && !reinstated && !letThroughBy(lastRejected, action))
    return { kind: 'rule', passage: lastRejected };
  // The assistant proposed it and the user turned it down in reply ("I'm not comfortable with that one").
  const vetoed = lastAffirmed === undefined ? undefined : vetoOf(parsed, lastAffirmed.position);
  if (vetoed !== undefined) return { kind: 'superseded', passage: vetoed };
  // A plan the action follows, overtaken by a setup someone reports having made since ("I set up Vercel").
  const settled = settledSince(parsed, mentions) ?? settledAgainstNamed(parsed, action);
  if (settled !== undefined) return { kind: 'superseded', passage: settled };
  // A document's rule ("is generated", "done by the on-call only") stands in the same way, as does a check that
  // failed, against running its command again with the check switched off.
  const documented =
    documentRuleAgainst(parsed, action) ??
    folderRuleAgainst(parsed, prompt, action) ??
    bypassedCheck(parsed, action);
  if (
    documented !== undefined &&
    !(
      lastAffirmed !== undefined &&
      lastAffirmed.position > documented.position &&
      isOverride(parsed, lastAffirmed)
    )
  )
    return { kind: 'rule', passage: documented, documented: true };
  // The latest word on the action is that it is done, by someone else or by events: doing it again is wrong.
  const done = doneSince(parsed, action, mentions);
  if (done !== undefined)
    return { kind: 'superseded', passage: done, quote: fromSentenceNaming(done.text, action) };
  // A job said to be under way that a tool since reported over ("state: completed"), a command already run
  // word for word that took effect, or a setting a tool since showed in place.
  const over = observedOver(parsed, action) ?? alreadyRun(parsed, action) ?? inEffect(parsed, action);
  if (over !== undefined) return { kind: 'superseded', passage: over };
  // A value in the action that a later message corrected ("port 6457" … "typo, it's 6437").
  const corrected = supersededValueIn(parsed, action);
  const correction: Reason | undefined =
    corrected === undefined
      ? undefined
      : { kind: 'corrected', passage: corrected.correction, supersession: corrected };
  // An option the user passed over when accepting a proposal, unless a later change of plan takes it up.
  const accepted = acceptedAlternative(parsed, action);
  if (
    accepted !== undefined &&
    !(
      lastAffirmed !== undefined &&
      lastAffirmed.position >= accepted.after &&
      isOverride(parsed, lastAffirmed)
    )
  ) {
    return { kind: 'superseded', passage: accepted.acceptance, next: accepted.chosen };
  }
  if (lastAffirmed !== undefined) {
    const mentioned = new Set(mentions.map((entry) => entry.passage.position));
    // The newest change of plan is the current one: quoting an intermediate one would restate a plan that a
    // later message superseded in turn.
    const override = notablePassages(parsed).findLast(
      (passage) =>
        passage.position > lastAffirmed.position &&
        isOverride(parsed, passage) &&
        !mentioned.has(passage.position),
    );
    // The later of a change of plan and a correction of the value is the current word on it.
    if (
      override !== undefined &&
      (correction === undefined || override.position > correction.passage.position)
    )
      return reversalOf(parsed, lastAffirmed, action) ?? { kind: 'superseded', passage: override };
    // Words of the action met in passing ("payment failed" in a log line) do not hide a rule about a thing it
    // does; one the action met as written and a later change took up again does.
    const naming = lastRejected === undefined ? ruleNamingPart(parsed, action) : undefined;
    return (
      correction ??
      reversalOf(parsed, lastAffirmed, action) ??
      droppedOf(parsed, action) ??
      naming ??
      excepted(parsed, prompt, action, lastAffirmed) ??
      outsideOf(parsed, prompt, action, lastAffirmed)
    );
  }
  if (correction !== undefined) return correction;
  const dropped = droppedOf(parsed, action);
  if (dropped !== undefined) return dropped;
  const paraphrased = findParaphrasedRule(parsed, action);
  if (paraphrased !== undefined) return { kind: 'rule', passage: paraphrased };
  return ruleNamingPart(parsed, action);
}
