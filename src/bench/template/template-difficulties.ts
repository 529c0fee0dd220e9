import type { Difficulty, Template } from './template.js';
import { DIFFICULTIES } from './template-document-schema.js';

/**
 * The difficulty levels a template can be generated at, in the order easy, medium, hard, elite: the levels its
 * `distractor_turns` names, or all four when it names none. template-v1 makes `distractor_turns` the one
 * policy a level cannot do without (CompactBench refuses a level it lacks); the others default per level
 * (`paraphrase_depth` 0, `override_timing` empty, `target_tokens` compactkit's sizes).
 * @example templateDifficulties(starterTemplate) // ['easy', 'medium', 'hard']
 */
export function templateDifficulties(template: Pick<Template, 'difficultyPolicy'>): Difficulty[] {
  const named = template.difficultyPolicy.distractorTurns;
  const levels = DIFFICULTIES.filter((level) => named[level] !== undefined);
  return levels.length > 0 ? levels : [...DIFFICULTIES];
}
