import {
  type Amount,
  amountsIn,
  mayHoldUnit,
  type Threshold,
  thresholdsIn,
  withinThreshold,
} from './amount-thresholds.js';
import { caseClause, sharedCaseStems } from './case-clause.js';
import { contentStems } from './content-words.js';
import { passagesOfLine } from './line-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * Rules that hold past a threshold: "anything over 750 EUR needs a second approver", "no exports of more than
 * 50,000 rows without a ticket". Such a rule names no action; it speaks to one whose amount, in the same unit,
 * is past the threshold ("issue the 1,250 EUR refund"), on the same topic (a word of the action in the rule's
 * message), when the action does not already do what the rule asks (names no word of the requirement) and the
 * case at hand is not one the rule's exception makes ("except on the enterprise plan, up to 5,000 EUR").
 */

// What the rule asks of amounts past it, said after the threshold: "needs a second approver", "must go through
// review", "is not allowed". Matched on the lower-cased clause after the amount.
const REQUIREMENT =
  /^[\s,)]*(?:[\w-]+\s+){0,3}?(?:needs?|requires?|must|has to|have to|should|goes? through|is not allowed|are not allowed|isn't allowed|aren't allowed|may not|can't|cannot|never|is off limits|needs? to)\b/;
// A ban said before it: "no refunds over 750 EUR", "never ship more than 3 migrations at once".
const BAN_BEFORE = /\b(?:no|never|don't|do not|not allowed to)\b/;
// Where the rule's clause ends and an exception or another sentence begins.
const CLAUSE_END = /[.;!?](?:\s|$)|\b(?:except|unless|apart from|other than|barring|save for|excluding)\b/;
const EXCEPTION = /\b(?:except|unless|apart from|other than|barring|save for|excluding)\b/;

/** The amounts of the case: those the action names, else those the prompt names. */
function caseAmounts(prompt: string, action: string): Amount[] {
  const named = amountsIn(action).map((found) => found.amount);
  return named.length > 0 ? named : amountsIn(prompt).map((found) => found.amount);
}

/** What the rule asks, when `threshold` in `lower` opens a requirement or a ban; else undefined. */
function requirementAfter(lower: string, threshold: Threshold): string | undefined {
  if (threshold.comparison === '<' || threshold.comparison === '<=') return undefined;
  const rest = lower.slice(threshold.end);
  const end = rest.search(CLAUSE_END);
  const clause = end < 0 ? rest : rest.slice(0, end);
  if (REQUIREMENT.test(clause)) return clause;
  const sentenceStart = Math.max(
    0,
    ...['. ', '; ', '! ', '? '].map((mark) => lower.lastIndexOf(mark, threshold.start) + mark.length),
  );
  return BAN_BEFORE.test(lower.slice(sentenceStart, threshold.start)) ? clause : undefined;
}

/** Whether the exception after the rule covers the case: it names the case's clause, and any cap of it holds. */
function exceptionCovers(exception: string, clause: string | undefined, amounts: readonly Amount[]): boolean {
  if (clause === undefined || sharedCaseStems(clause, exception).length === 0) return false;
  const caps = thresholdsIn(exception);
  return caps.every((cap) =>
    amounts.every((amount) => amount.unit !== cap.amount.unit || withinThreshold(amount, cap)),
  );
}

/**
 * The latest passage stating a threshold rule that the action's amount falls under (see above), or undefined.
 */
export function thresholdRuleAgainst(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): Passage | undefined {
  const amounts = caseAmounts(prompt, action);
  if (amounts.length === 0) return undefined;
  const units = new Set(amounts.map((amount) => amount.unit));
  const actionStems = new Set(contentStems(action).filter((stem) => !/^\d/.test(stem) && !units.has(stem)));
  let found: Passage | undefined;
  let clause: string | undefined | null = null;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage names the unit.
    if (![...units].some((unit) => mayHoldUnit(passage.text, passage.normalized, unit))) continue;
    const lower = passage.text.toLowerCase();
    for (const threshold of thresholdsIn(passage.text)) {
      if (!amounts.some((amount) => withinThreshold(amount, threshold))) continue;
      const requirement = requirementAfter(lower, threshold);
      if (requirement === undefined) continue;
      // The action already does what the rule asks ("ask the finance-approvers group"): two words of it, as one
      // can meet by chance ("desks" against "sign-off from the procurement desk"); a word the rule shares with
      // its topic ("refunds over 750 EUR need a refund approver") does not show it.
      const topic = new Set(contentStems(lower.slice(0, threshold.start)));
      const asked = contentStems(requirement).filter((stem) => !topic.has(stem));
      const done = asked.filter((stem) => actionStems.has(stem)).length;
      if (done > 0 && done >= Math.min(2, asked.length)) continue;
      if (!sharesTopic(parsed, passage, actionStems)) continue;
      const rest = lower.slice(threshold.end);
      const marker = rest.search(EXCEPTION);
      if (marker >= 0) {
        if (clause === null) clause = caseClause(parsed, prompt, passage.line);
        const sentence = rest.slice(marker).split(/[.;!?](?:\s|$)/)[0] as string;
        if (exceptionCovers(sentence, clause, amounts)) continue;
      }
      found = passage;
    }
  }
  return found;
}

/** Whether a content word of the action is said in the rule's message outside the requirement. */
function sharesTopic(parsed: ParsedArtifact, passage: Passage, actionStems: ReadonlySet<string>): boolean {
  for (const other of passagesOfLine(parsed.passages, passage.position)) {
    for (const stem of contentStems(other.normalized)) if (actionStems.has(stem)) return true;
  }
  return false;
}
