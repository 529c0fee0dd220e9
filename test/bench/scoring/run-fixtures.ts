import type { ItemType } from '../../../src/bench/case/types.js';
import type { ScoredCase, ScoredCycle, ScoredVerdict } from '../../../src/bench/scoring/run-statistics.js';

/** One verdict: item type, score, and whether it violates. */
export type VerdictSpec = [ItemType, number, boolean?];

/** A cycle with the given token counts and verdicts. */
export function cycle(
  number: number,
  transcriptTokens: number,
  artifactTokens: number,
  specs: readonly VerdictSpec[],
): ScoredCycle {
  const verdicts: ScoredVerdict[] = specs.map(([itemType, score, violation = false], index) => ({
    itemKey: `item_${index}`,
    itemType,
    score,
    violation,
  }));
  return { cycle: number, transcriptTokens, artifactTokens, verdicts };
}

/** A complete case whose every cycle has the same verdicts and token counts. */
export function steadyCase(
  caseKey: string,
  family: string,
  options: {
    cycles: number;
    transcriptTokens: number;
    artifactTokens: number;
    verdicts: readonly VerdictSpec[];
  },
): ScoredCase {
  const cycles = Array.from({ length: options.cycles }, (_, index) =>
    cycle(index, options.transcriptTokens, options.artifactTokens, options.verdicts),
  );
  return { caseKey, family, status: 'complete', cycles };
}

/** A failed case, with whatever cycles it got through before failing. */
export function failedCase(caseKey: string, family: string, cycles: ScoredCycle[] = []): ScoredCase {
  return { caseKey, family, status: 'failed', cycles };
}

/** Every item type passing once: a perfect cycle. */
export const ALL_PASS: readonly VerdictSpec[] = [
  ['locked_decision_retention', 1],
  ['forbidden_behavior_retention', 1],
  ['immutable_fact_recall', 1],
  ['unresolved_task_continuity', 1],
  ['entity_integrity', 1],
  ['planning_soundness', 1],
];

/** Every item type failing once, without violations: what an empty artifact earns. */
export const ALL_FAIL: readonly VerdictSpec[] = ALL_PASS.map(([type]) => [type, 0]);
