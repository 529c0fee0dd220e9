import { contentWords, coverage } from './content-words.js';
import type { Judge, JudgeInput, JudgeVerdict } from './judge-types.js';
import type { Rubric } from './rubric-types.js';
import { scoreCriteria } from './score-criteria.js';

/** The id the deterministic judge reports; it is not a model and says so. */
export const DETERMINISTIC_JUDGE_ID = 'deterministic (not a model: ground-truth coverage)';

/** A fact counts as present when this share of its content words is in the answer. */
const FACT_PRESENT = 0.8;

/**
 * An offline judge for demos and CI, labelled as not a model. Each criterion is scored 0–5 from how much of the
 * probe's ground truth the answer covers: facts present (most criteria), words of the whole truth (depth), and
 * for instruction criteria whether there is an answer at all. It cannot tell a right answer worded differently
 * from a wrong one; use a model judge for that.
 */
export function createDeterministicJudge(options: { rubric: Rubric }): Judge {
  return {
    id: DETERMINISTIC_JUDGE_ID,
    kind: 'deterministic',
    async judge(input: JudgeInput): Promise<JudgeVerdict> {
      const words = new Set(contentWords(input.answer));
      const facts = input.probe.groundTruth.facts;
      const present = facts.filter((fact) => coverage(fact, words) >= FACT_PRESENT).length;
      const factShare =
        facts.length > 0 ? present / facts.length : coverage(input.probe.groundTruth.text, words);
      const depth = coverage(input.probe.groundTruth.text, words);
      const answered = input.answer.trim() !== '';
      const criterionResults = input.probe.criteria.map((criterionId) => {
        if (criterionId.startsWith('instruction_')) {
          return {
            criterionId,
            score: answered ? 5 : 0,
            reasoning: answered ? 'an answer was given' : 'no answer',
          };
        }
        const share = criterionId === 'completeness_depth' ? depth : factShare;
        const score = Math.round(share * 50) / 10;
        const reasoning =
          criterionId === 'completeness_depth'
            ? `${Math.round(depth * 100)}% of the ground truth's words are in the answer`
            : `${present} of ${facts.length} ground-truth facts are in the answer`;
        return { criterionId, score, reasoning };
      });
      const scores = new Map(criterionResults.map((result) => [result.criterionId, result.score]));
      return { criterionResults, ...scoreCriteria(scores, options.rubric), judgeId: DETERMINISTIC_JUDGE_ID };
    },
  };
}
