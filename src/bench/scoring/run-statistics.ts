import { CONSTRAINT_ITEM_TYPES, type ItemType } from '../case/types.js';
import { clamp, scoreCase } from './score-case.js';
import { scoreCycle } from './score-cycle.js';
import { ELITE_WEIGHTS, FULL_BONUS_COMPRESSION_RATIO } from './scoring-constants.js';

/** One judged item response of a cycle. */
export interface ScoredVerdict {
  itemKey: string;
  itemType: ItemType;
  score: number;
  violation: boolean;
}

/** One cycle of a case: its token counts and its verdicts. */
export interface ScoredCycle {
  /** 0 for the first compaction, n for drift cycle n. */
  cycle: number;
  /** Tokens of the transcript the compactor was given. */
  transcriptTokens: number;
  /** Tokens of the artifact it returned (0 for an empty artifact). */
  artifactTokens: number;
  verdicts: ScoredVerdict[];
}

/** One case of a run, as the scorer needs it. */
export interface ScoredCase {
  caseKey: string;
  family: string;
  /** `failed`: the compactor, the target or the runner failed on this case; it scores 0. */
  status: 'complete' | 'failed';
  cycles: ScoredCycle[];
}

/** What one case contributes to the run, computed once so that bootstrap resamples are cheap. */
export interface CaseSummary {
  readonly score: number;
  readonly drift: number;
  readonly constraintItems: number;
  readonly constraintPassed: number;
  readonly transcriptTokens: number;
  /** Σ max(artifactTokens, 1): an empty artifact counts as one token, never as zero. */
  readonly artifactTokens: number;
  readonly responses: number;
  readonly violations: number;
}

/** The run-level numbers computed from a set of case summaries. */
export interface RunStatistics {
  overall: number;
  driftResistance: number;
  constraintRetention: number;
  contradictionRate: number;
  compressionRatio: number;
  compressionBonus: number;
  eliteScore: number;
}

const CONSTRAINT_TYPES: ReadonlySet<ItemType> = new Set(CONSTRAINT_ITEM_TYPES);

/** A response passes when it scores full marks. */
export function isPass(score: number): boolean {
  return score >= 1;
}

/** Cycles in cycle order; the input order is not trusted. */
export function sortedCycles(scored: ScoredCase): ScoredCycle[] {
  return [...scored.cycles].sort((left, right) => left.cycle - right.cycle);
}

/**
 * What a case adds to the run. A failed case scores 0 with drift 0 and adds no responses or tokens: whatever
 * it produced before failing is not a measurement of the method.
 */
export function summarizeCase(scored: ScoredCase): CaseSummary {
  const summary = {
    score: 0,
    drift: 0,
    constraintItems: 0,
    constraintPassed: 0,
    transcriptTokens: 0,
    artifactTokens: 0,
    responses: 0,
    violations: 0,
  };
  if (scored.status !== 'complete') return summary;
  const penalized: number[] = [];
  for (const cycle of sortedCycles(scored)) {
    const cycleScore = scoreCycle(cycle.verdicts);
    penalized.push(cycleScore.penalized);
    summary.responses += cycleScore.responses;
    summary.violations += cycleScore.violations;
    summary.transcriptTokens += cycle.transcriptTokens;
    summary.artifactTokens += Math.max(cycle.artifactTokens, 1);
    for (const verdict of cycle.verdicts) {
      if (!CONSTRAINT_TYPES.has(verdict.itemType)) continue;
      summary.constraintItems++;
      if (isPass(verdict.score)) summary.constraintPassed++;
    }
  }
  return { ...summary, ...scoreCase(penalized) };
}

/**
 * The run's numbers from its cases' summaries. Case scores and drift are means over cases (failed ones count
 * 0); constraint retention and the contradiction rate pool every response; the compression ratio is total
 * transcript tokens over total artifact tokens, never a mean of per-cycle ratios, so one empty artifact cannot
 * lift it past a floor. Anything with an empty denominator is 0.
 */
export function runStatistics(summaries: readonly CaseSummary[]): RunStatistics {
  let score = 0;
  let drift = 0;
  let constraintItems = 0;
  let constraintPassed = 0;
  let transcriptTokens = 0;
  let artifactTokens = 0;
  let responses = 0;
  let violations = 0;
  for (const summary of summaries) {
    score += summary.score;
    drift += summary.drift;
    constraintItems += summary.constraintItems;
    constraintPassed += summary.constraintPassed;
    transcriptTokens += summary.transcriptTokens;
    artifactTokens += summary.artifactTokens;
    responses += summary.responses;
    violations += summary.violations;
  }
  const overall = ratio(score, summaries.length);
  const driftResistance = ratio(drift, summaries.length);
  const constraintRetention = ratio(constraintPassed, constraintItems);
  const compressionRatio = ratio(transcriptTokens, artifactTokens);
  const compressionBonus = compressionBonusOf(compressionRatio);
  const eliteScore =
    ELITE_WEIGHTS.overall * overall +
    ELITE_WEIGHTS.driftResistance * driftResistance +
    ELITE_WEIGHTS.constraintRetention * constraintRetention +
    ELITE_WEIGHTS.compressionBonus * compressionBonus;
  return {
    overall,
    driftResistance,
    constraintRetention,
    contradictionRate: ratio(violations, responses),
    compressionRatio,
    compressionBonus,
    eliteScore,
  };
}

/**
 * The compression bonus: clamp(log2(max(ratio, 1)) / 5, 0, 1). Every doubling adds 0.2; 1x earns 0 and 32x
 * (FULL_BONUS_COMPRESSION_RATIO) earns the full 1.
 */
export function compressionBonusOf(compressionRatio: number): number {
  const ratioValue = Number.isNaN(compressionRatio) ? 1 : Math.max(compressionRatio, 1);
  return clamp(Math.log2(ratioValue) / Math.log2(FULL_BONUS_COMPRESSION_RATIO), 0, 1);
}

function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}
