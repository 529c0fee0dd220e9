import { z } from 'zod';
import type { LanguageModel } from '../../llm/index.js';
import type { Evaluator, Example, Scores, SystemOutput } from '../types.js';
import { goldAnswers } from './normalize-answer.js';

const verdictSchema = z.object({
  score: z.number().int().min(1).max(5),
  reason: z.string(),
});

/** The default rubric: correctness against the reference, then faithfulness to the context. */
export const DEFAULT_JUDGE_RUBRIC = [
  '5: fully correct and complete; agrees with the reference answer.',
  '4: correct with a minor omission or imprecision.',
  '3: partly correct; the main point is there but something material is missing or wrong.',
  '2: mostly wrong, with a fragment of the right answer.',
  '1: wrong, empty, or contradicts the reference.',
].join('\n');

/**
 * `judge_score` (1-5) and `judge` (the same mapped to 0..1) from a model grading the response against the
 * question and the reference with a rubric, as structured output. The judge sees no context, so a long one
 * costs nothing.
 */
export function llmJudge(model: LanguageModel, options: { rubric?: string } = {}): Evaluator {
  const rubric = options.rubric ?? DEFAULT_JUDGE_RUBRIC;
  return {
    name: 'llm_judge',
    config: { model: model.id, rubric },
    async score(original: Example, processed: SystemOutput): Promise<Scores> {
      const references = goldAnswers(original.answer);
      const prompt = [
        `Question: ${original.question ?? '(none: the task was to respond to the context)'}`,
        references.length > 0
          ? `Reference answer(s):\n${references.map((answer) => `- ${answer}`).join('\n')}`
          : 'No reference answer is given.',
        `Response to grade:\n${processed.response}`,
        `Rubric:\n${rubric}`,
        'Reply as JSON: {"score": <1-5>, "reason": "<one sentence>"}.',
      ].join('\n\n');
      const completion = await model.complete({
        system: 'You grade answers strictly by the rubric.',
        messages: [{ role: 'user', content: prompt }],
        schema: verdictSchema,
        temperature: 0,
      });
      const verdict = completion.object;
      if (verdict === undefined) throw new Error('the judge returned no verdict');
      return { judge_score: verdict.score, judge: (verdict.score - 1) / 4 };
    },
  };
}
