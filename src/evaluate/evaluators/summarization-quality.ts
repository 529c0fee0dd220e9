import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';
import { goldAnswers } from './normalize-answer.js';

/** Lower-cased alphanumeric words, the tokenisation of the original ROUGE script (without stemming). */
function rougeTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Length of the longest common subsequence of two token lists, in O(n·m) time and O(m) memory. */
function lcsLength(first: readonly string[], second: readonly string[]): number {
  let previous = new Uint32Array(second.length + 1);
  let current = new Uint32Array(second.length + 1);
  for (const token of first) {
    for (let index = 1; index <= second.length; index += 1) {
      current[index] =
        token === second[index - 1]
          ? (previous[index - 1] as number) + 1
          : Math.max(previous[index] as number, current[index - 1] as number);
    }
    [previous, current] = [current, previous];
  }
  return previous[second.length] as number;
}

/** ROUGE-L precision, recall and F1 of a candidate against a reference. */
export function rougeL(
  candidate: string,
  reference: string,
): { precision: number; recall: number; f1: number } {
  const candidateTokens = rougeTokens(candidate);
  const referenceTokens = rougeTokens(reference);
  if (candidateTokens.length === 0 || referenceTokens.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const common = lcsLength(candidateTokens, referenceTokens);
  if (common === 0) return { precision: 0, recall: 0, f1: 0 };
  const precision = common / candidateTokens.length;
  const recall = common / referenceTokens.length;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

/** Summaries: `rouge_l_precision`, `rouge_l_recall`, `rouge_l_f1` against the best-matching reference. */
export function summarizationQuality(): SyncEvaluator {
  return {
    name: 'summarization_quality',
    score(original: Example, processed: SystemOutput): Scores {
      const references = goldAnswers(original.answer);
      if (references.length === 0) return {};
      let best = { precision: 0, recall: 0, f1: 0 };
      for (const reference of references) {
        const scores = rougeL(processed.response, reference);
        if (scores.f1 > best.f1) best = scores;
      }
      return { rouge_l_precision: best.precision, rouge_l_recall: best.recall, rouge_l_f1: best.f1 };
    },
  };
}
