import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';
import { answerTokens, goldAnswers, normalizeAnswer } from './normalize-answer.js';

/** Token-level F1, precision and recall of a prediction against one gold answer (SQuAD rules). */
export function tokenOverlap(
  prediction: string,
  gold: string,
): { f1: number; precision: number; recall: number } {
  return overlapOfTokens(answerTokens(prediction), answerTokens(gold));
}

function overlapOfTokens(
  predicted: readonly string[],
  expected: readonly string[],
): { f1: number; precision: number; recall: number } {
  // Both empty after normalisation (e.g. gold "The"): SQuAD counts agreement as a match.
  if (predicted.length === 0 || expected.length === 0) {
    const same = predicted.length === expected.length ? 1 : 0;
    return { f1: same, precision: same, recall: same };
  }
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return { f1: 0, precision: 0, recall: 0 };
  const precision = common / predicted.length;
  const recall = common / expected.length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/** True when the normalised gold answer occurs in the normalised prediction on word boundaries. */
export function containsAnswer(prediction: string, gold: string): boolean {
  const haystack = ` ${normalizeAnswer(prediction)} `;
  const needle = normalizeAnswer(gold);
  return needle !== '' && haystack.includes(` ${needle} `);
}

/**
 * Question-answering scores: `f1`, `exact_match`, `recall` and `contains`, each the best over the gold answers.
 * An example without a gold answer gets no scores: the reference gives it 1.0, which inflates every mean.
 */
export function answerQuality(): SyncEvaluator {
  return {
    name: 'answer_quality',
    score(original: Example, processed: SystemOutput): Scores {
      const golds = goldAnswers(original.answer);
      if (golds.length === 0) return {};
      // Normalised once: the prediction can be a whole context (identity, compressors).
      const prediction = normalizeAnswer(processed.response);
      const predicted = prediction === '' ? [] : prediction.split(' ');
      const padded = ` ${prediction} `;
      let f1 = 0;
      let exact = 0;
      let recall = 0;
      let contains = 0;
      for (const gold of golds) {
        const normalized = normalizeAnswer(gold);
        const overlap = overlapOfTokens(predicted, normalized === '' ? [] : normalized.split(' '));
        f1 = Math.max(f1, overlap.f1);
        recall = Math.max(recall, overlap.recall);
        if (prediction === normalized) exact = 1;
        if (normalized !== '' && padded.includes(` ${normalized} `)) contains = 1;
      }
      return { f1, exact_match: exact, recall, contains };
    },
  };
}
