import { ValidationError, type ValidationIssue } from '../../errors.js';
import { ITEM_WEIGHTS, type ItemType } from '../case/types.js';

/** One judged item response, as the aggregation needs it. */
export interface ItemScore {
  itemType: ItemType;
  /** From 0 to 1; judgeItem gives 0 or 1. */
  score: number;
  violation: boolean;
}

/** The score of one cycle of one case. */
export interface CycleScore {
  /** Weighted mean of the item scores, with ITEM_WEIGHTS. */
  score: number;
  /** Violating responses / responses. */
  contradictionRate: number;
  /** score * (1 - contradictionRate): the cycle's score as the case sees it. */
  penalized: number;
  responses: number;
  violations: number;
}

/**
 * Scores one cycle: the weighted mean of its item scores (seed 000's weights), the share of responses that
 * violate, and the score penalised by that share. No responses score 0 throughout. Throws a ValidationError
 * for an unknown item type or a score outside [0, 1].
 */
export function scoreCycle(verdicts: readonly ItemScore[]): CycleScore {
  const issues = itemScoreIssues(verdicts, 'verdicts');
  if (issues.length > 0) throw new ValidationError(issues);
  let weighted = 0;
  let weights = 0;
  let violations = 0;
  for (const verdict of verdicts) {
    const weight = ITEM_WEIGHTS[verdict.itemType];
    weighted += weight * verdict.score;
    weights += weight;
    if (verdict.violation) violations++;
  }
  const responses = verdicts.length;
  if (responses === 0) return { score: 0, contradictionRate: 0, penalized: 0, responses: 0, violations: 0 };
  const score = weighted / weights;
  const contradictionRate = violations / responses;
  return { score, contradictionRate, penalized: score * (1 - contradictionRate), responses, violations };
}

/** Every verdict with an unknown item type or a score outside [0, 1], as validation issues under `where`. */
export function itemScoreIssues(verdicts: readonly ItemScore[], where: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [index, verdict] of verdicts.entries()) {
    if (!Object.hasOwn(ITEM_WEIGHTS, verdict.itemType)) {
      const known = Object.keys(ITEM_WEIGHTS).join(', ');
      issues.push({
        where: `${where}[${index}].itemType`,
        message: `unknown item type "${verdict.itemType}"; use one of ${known}`,
      });
    }
    if (!(verdict.score >= 0 && verdict.score <= 1)) {
      issues.push({
        where: `${where}[${index}].score`,
        message: `must be a number from 0 to 1, got ${verdict.score}`,
      });
    }
  }
  return issues;
}
