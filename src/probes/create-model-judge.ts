import { z } from 'zod';
import { CompactkitError } from '../errors.js';
import type { LanguageModel } from '../llm/types.js';
import { buildJudgeMessage, JUDGE_SYSTEM_PROMPT } from './judge-prompt.js';
import type { Judge, JudgeFailure, JudgeInput, JudgeVerdict } from './judge-types.js';
import type { Rubric } from './rubric-types.js';
import { scoreCriteria } from './score-criteria.js';

/** The verdict schema for one probe: every asked criterion exactly once, scores within 0–5. */
function verdictSchema(criterionIds: readonly string[]) {
  return z
    .object({
      criterionResults: z.array(
        z.object({ criterionId: z.string(), score: z.number().min(0).max(5), reasoning: z.string() }),
      ),
      aggregateScore: z.number().optional(),
      dimensionScores: z.record(z.string(), z.number()).optional(),
    })
    .superRefine((value, context) => {
      const given = value.criterionResults.map((result) => result.criterionId);
      for (const id of criterionIds) {
        if (!given.includes(id))
          context.addIssue({
            code: 'custom',
            path: ['criterionResults'],
            message: `criterion ${id} is missing`,
          });
      }
      for (const id of given) {
        if (!criterionIds.includes(id))
          context.addIssue({
            code: 'custom',
            path: ['criterionResults'],
            message: `criterion ${id} was not asked for`,
          });
        else if (given.indexOf(id) !== given.lastIndexOf(id))
          context.addIssue({
            code: 'custom',
            path: ['criterionResults'],
            message: `criterion ${id} is scored twice`,
          });
      }
    });
}

/**
 * A judge backed by any language model. The reply is validated (every criterion once, scores 0–5) with one
 * repair retry (by the model layer); a reply still invalid, or a provider failure, is returned as a failure to
 * record on the row, never as zeros. Scores are recomputed from the criterion results; the judge's own
 * aggregate is kept only for audit.
 */
export function createModelJudge(
  model: LanguageModel,
  options: { rubric: Rubric; language?: 'en' | 'zh' },
): Judge {
  return {
    id: model.id,
    kind: 'model',
    async judge(
      input: JudgeInput,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<JudgeVerdict | JudgeFailure> {
      const schema = verdictSchema(input.probe.criteria);
      try {
        const completion = await model.complete({
          system: JUDGE_SYSTEM_PROMPT,
          messages: [{ role: 'user', content: buildJudgeMessage(input, options.rubric, options.language) }],
          schema,
          temperature: 0,
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        });
        const value = completion.object;
        if (value === undefined)
          throw new CompactkitError('structured_output_invalid', 'the judge returned no object');
        const scores = new Map(value.criterionResults.map((result) => [result.criterionId, result.score]));
        return {
          criterionResults: value.criterionResults,
          ...scoreCriteria(scores, options.rubric),
          ...(value.aggregateScore !== undefined ? { reportedAggregateScore: value.aggregateScore } : {}),
          judgeId: model.id,
        };
      } catch (error) {
        if (!(error instanceof CompactkitError) || error.code === 'stopped') throw error;
        return { error: { code: error.code, message: error.message }, judgeId: model.id };
      }
    },
  };
}
