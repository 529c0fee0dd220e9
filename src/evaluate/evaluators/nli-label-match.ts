import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';

/** The three NLI labels every dataset's spelling maps to. */
export type NliLabel = 'entailment' | 'neutral' | 'contradiction';

// Longer phrases first so "not enough info" is not read as something shorter inside it.
const SPELLINGS: readonly [RegExp, NliLabel][] = [
  [
    /\bnot\s+enough\s+info(?:rmation)?\b|\bnot\s*mentioned\b|\bneutral\b|\bundetermined\b|\bunknown\b|\bnei\b/i,
    'neutral',
  ],
  [/\bcontradict(?:s|ion|ed|ing)?\b|\brefutes?\b|\brefuted\b|\bfalse\b/i, 'contradiction'],
  [/\bentail(?:s|ment|ed)?\b|\bsupports?\b|\bsupported\b|\btrue\b/i, 'entailment'],
];

/** The canonical label of a gold label or a response: the earliest label word in the text. */
export function parseNliLabel(text: string): NliLabel | undefined {
  let best: { at: number; label: NliLabel } | undefined;
  for (const [pattern, label] of SPELLINGS) {
    const match = pattern.exec(text);
    if (match && (best === undefined || match.index < best.at)) best = { at: match.index, label };
  }
  return best?.label;
}

/** `nli_accuracy`: 1 when the response's label is the gold label (entailment / neutral / contradiction). */
export function nliLabelMatch(): SyncEvaluator {
  return {
    name: 'nli_label_match',
    score(original: Example, processed: SystemOutput): Scores {
      const answer = Array.isArray(original.answer) ? original.answer[0] : original.answer;
      const gold = typeof answer === 'string' ? parseNliLabel(answer) : undefined;
      if (gold === undefined) return {};
      return { nli_accuracy: parseNliLabel(processed.response) === gold ? 1 : 0 };
    },
  };
}
