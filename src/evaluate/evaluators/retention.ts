import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';
import { containsAnswer } from './answer-quality.js';

/**
 * `retention`: the fraction of the example's gold `facts` still present in the context the system produced
 * (its `context`, else its response). No score when the example lists no facts.
 */
export function retention(): SyncEvaluator {
  return {
    name: 'retention',
    score(original: Example, processed: SystemOutput): Scores {
      const facts = Array.isArray(original.facts)
        ? original.facts.filter((fact): fact is string => typeof fact === 'string' && fact.trim() !== '')
        : [];
      if (facts.length === 0) return {};
      const kept = processed.context ?? processed.response;
      const present = facts.filter((fact) => containsAnswer(kept, fact)).length;
      return { retention: present / facts.length };
    },
  };
}
