import type { CaseItem, Check } from '../case/types.js';
import { type MentionReader, readMentions } from './mentions.js';
import { findWholeWords, normalizeText } from './normalize.js';

/** The scorer's judgement of one response to one item. */
export interface Verdict {
  /** 1 when the check passes and the response states nothing forbidden as something to do; else 0. */
  score: 0 | 1;
  /** The response affirms a forbidden behaviour, a superseded decision or a stale value. */
  violation: boolean;
  /** One short sentence naming what matched, what was missing or what was stated. */
  reason: string;
}

interface CheckResult {
  readonly passed: boolean;
  readonly reason: string;
}

/**
 * Judges one response to one item. The check decides the pass (see `Check`); the response is a violation when
 * it affirms any of `forbidden` (the case's forbidden behaviours, superseded decisions and stale values) or
 * the value of a `forbidden_absent` check. Naming one only to reject it ("we must never X") or to say who else
 * may do it ("only the DBA may X", "X is performed by the DBA only") is no violation,
 * and when the check itself asks for a forbidden string (a recall item: "what must never happen?"), the
 * forbidden strings in the response are its answer, not violations. Score 1 needs a pass and no violation, so stating a superseded decision as current fails
 * even when the new one is named too. An undefined response means the target failed.
 *
 * @example
 * judgeItem(item, 'We switched from the blue-green rollout to a canary.', ['blue-green rollout']);
 * // { score: 1, violation: false, reason: 'contains "canary"' } for a contains_normalized "canary" check
 */
export function judgeItem(
  item: CaseItem,
  response: string | undefined,
  forbidden: readonly string[],
): Verdict {
  if (response === undefined) return { score: 0, violation: false, reason: 'no response: the target failed' };
  const reader = readMentions(response, { readRestrictions: true });
  const normalized = normalizeText(response);
  const result = runCheck(item.check, normalized, reader);
  const stated = firstAffirmedForbidden(item.check, forbidden, reader);
  if (stated !== undefined) {
    return { score: 0, violation: true, reason: `states forbidden ${quote(stated)} as something to do` };
  }
  return { score: result.passed ? 1 : 0, violation: false, reason: result.reason };
}

/**
 * The first forbidden string the response affirms. When the check itself expects a forbidden string, the
 * item asks the target to recall what is forbidden ("what must never happen?"), so the forbidden strings it
 * lists are its answer, not something it proposes to do, and the list is not checked.
 */
function firstAffirmedForbidden(
  check: Check,
  forbidden: readonly string[],
  reader: MentionReader,
): string | undefined {
  const expected = new Set(expectedValues(check).map(normalizeText));
  const isRecall = forbidden.some((value) => expected.has(normalizeText(value)));
  const candidates = check.kind === 'forbidden_absent' ? [check.value] : [];
  if (!isRecall) candidates.push(...forbidden);
  for (const value of candidates) {
    if (normalizeText(value).length === 0) continue;
    if (reader.classify(value) === 'affirmed') return value;
  }
  return undefined;
}

/** The values a check wants to find in the response (none for forbidden_absent). */
function expectedValues(check: Check): readonly string[] {
  switch (check.kind) {
    case 'contains_normalized':
      return [check.value];
    case 'forbidden_absent':
      return [];
    default:
      return check.values;
  }
}

function runCheck(check: Check, normalized: string, reader: MentionReader): CheckResult {
  const values =
    check.kind === 'contains_normalized' || check.kind === 'forbidden_absent' ? [check.value] : check.values;
  // An empty expectation would pass anything (context-bench scores an empty gold answer 1.0): never pass it.
  if (values.length === 0)
    return { passed: false, reason: `the ${check.kind} check lists no values, so it cannot pass` };
  const empty = values.find((value) => normalizeText(value).length === 0);
  if (empty !== undefined) {
    return {
      passed: false,
      reason: `check value ${quote(empty)} has no letters or digits, so it cannot pass`,
    };
  }
  const contains = (value: string) => findWholeWords(normalized, normalizeText(value), 1).length > 0;
  switch (check.kind) {
    case 'contains_normalized':
      return contains(check.value)
        ? { passed: true, reason: `contains ${quote(check.value)}` }
        : { passed: false, reason: `missing ${quote(check.value)}` };
    case 'forbidden_absent': {
      const stance = reader.classify(check.value);
      if (stance === 'affirmed')
        return { passed: false, reason: `states ${quote(check.value)} as something to do` };
      return stance === 'rejected'
        ? { passed: true, reason: `names ${quote(check.value)} only to reject it` }
        : { passed: true, reason: `does not state ${quote(check.value)}` };
    }
    case 'contains_all': {
      const missing = check.values.filter((value) => !contains(value));
      return missing.length === 0
        ? { passed: true, reason: `contains ${quoteAll(check.values)}` }
        : { passed: false, reason: `missing ${quoteAll(missing)}` };
    }
    case 'contains_any': {
      const found = check.values.find(contains);
      return found !== undefined
        ? { passed: true, reason: `contains ${quote(found)}` }
        : { passed: false, reason: `missing all of ${quoteAll(check.values)}` };
    }
    case 'in_order':
      return checkOrder(check.values, normalized);
  }
}

/** in_order: every value present, and each one's first mention after the previous one's. */
function checkOrder(values: readonly string[], normalized: string): CheckResult {
  const firsts = values.map((value) => findWholeWords(normalized, normalizeText(value), 1)[0]);
  const missing = values.filter((_, index) => firsts[index] === undefined);
  if (missing.length > 0) return { passed: false, reason: `missing ${quoteAll(missing)}` };
  for (let index = 1; index < values.length; index++) {
    if ((firsts[index] as number) <= (firsts[index - 1] as number)) {
      return {
        passed: false,
        reason: `${quote(values[index] as string)} comes before ${quote(values[index - 1] as string)}`,
      };
    }
  }
  return { passed: true, reason: `contains ${quoteAll(values)} in order` };
}

const MAX_QUOTED_CHARACTERS = 80;

/** A value in double quotes, shortened so a reason stays one short line. */
function quote(value: string): string {
  const shown =
    value.length > MAX_QUOTED_CHARACTERS ? `${value.slice(0, MAX_QUOTED_CHARACTERS - 1)}…` : value;
  return `"${shown}"`;
}

function quoteAll(values: readonly string[]): string {
  return values.map(quote).join(', ');
}
