import type { Difficulty, Template } from '../template/template.js';
import { DEFAULT_TARGET_TOKENS } from './generation-defaults.js';

/**
 * The `{{difficulty.…}}` placeholders of a template at one level and their values. As in CompactBench, a
 * level `paraphrase_depth` or `override_timing` leaves out is 0 or empty; `distractor_turns` has a value only
 * where the policy names the level (see `templateDifficulties`); `target_tokens` falls back to compactkit's
 * sizes.
 */
export function difficultyValues(
  template: Pick<Template, 'difficultyPolicy'>,
  difficulty: Difficulty,
): Map<string, string> {
  const policy = template.difficultyPolicy;
  const values = new Map<string, string>();
  const distractorTurns = policy.distractorTurns[difficulty];
  if (distractorTurns !== undefined) values.set('difficulty.distractor_turns', String(distractorTurns));
  values.set('difficulty.paraphrase_depth', String(policy.paraphraseDepth[difficulty] ?? 0));
  values.set('difficulty.override_timing', policy.overrideTiming[difficulty] ?? '');
  values.set(
    'difficulty.target_tokens',
    String(policy.targetTokens[difficulty] ?? DEFAULT_TARGET_TOKENS[difficulty]),
  );
  return values;
}
