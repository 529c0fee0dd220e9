import { ValidationError, type ValidationIssue } from '../../errors.js';
import { type BootstrapOptions, bootstrapIntervals, type RunIntervals } from './bootstrap-intervals.js';
import { type FamilyScore, type Qualification, qualifyRun } from './qualify-run.js';
import { isPass, runStatistics, type ScoredCase, summarizeCase } from './run-statistics.js';
import { itemScoreIssues } from './score-cycle.js';
import { TIER_FLOORS, type Tier } from './scoring-constants.js';

/** Everything scoreRun needs: the judged cases and what the run was configured to do. */
export interface RunScoreInput {
  cases: ScoredCase[];
  /** Case slots the run was configured with. */
  expectedCases: number;
  /** Cycles per case, cycle 0 included. */
  expectedCycles: number;
  tier: Tier;
  bootstrap?: BootstrapOptions;
}

/** A run's scores, recomputed from its verdicts. */
export interface RunScores {
  /** Mean case score; a failed case counts 0. */
  overall: number;
  /** Mean case drift resistance; a failed case counts 0. */
  driftResistance: number;
  /** Pass rate of locked-decision and forbidden-behaviour items over every cycle of the complete cases. */
  constraintRetention: number;
  /** Violating responses / responses, over every cycle of the complete cases. */
  contradictionRate: number;
  /** Σ transcript tokens / Σ max(artifact tokens, 1) over every cycle of the complete cases. */
  compressionRatio: number;
  /** clamp(log2(max(compressionRatio, 1)) / 5, 0, 1): 0 at 1x, 0.2 per doubling, 1 from 32x. */
  compressionBonus: number;
  /** 0.40 overall + 0.30 drift resistance + 0.20 constraint retention + 0.10 compression bonus. */
  eliteScore: number;
  /** Item pass counts per family. */
  families: Record<string, FamilyScore>;
  cases: { expected: number; complete: number; failed: number };
  /** 95% bootstrap intervals over cases. */
  ci: RunIntervals;
  qualification: Qualification;
}

/**
 * Scores a run from its judged cases: case scores and drift (scoreCase), constraint retention, contradiction
 * rate, compression ratio and bonus, elite score, family pass rates, bootstrap intervals and qualification.
 * Nothing stored is trusted: every number is recomputed from the verdicts and token counts. Throws a
 * ValidationError listing every malformed field.
 *
 * @example
 * const scores = scoreRun({ cases, expectedCases: 60, expectedCycles: 3, tier: '4x' });
 * if (!scores.qualification.qualified) console.log(scores.qualification.failures.join('\n'));
 */
export function scoreRun(input: RunScoreInput): RunScores {
  validateInput(input);
  const summaries = input.cases.map(summarizeCase);
  const statistics = runStatistics(summaries);
  const complete = input.cases.filter((scored) => scored.status === 'complete');
  const failed = input.cases.length - complete.length;
  const families = familyScores(input.cases);
  const shortCases = complete
    .filter((scored) => scored.cycles.length < input.expectedCycles)
    .map((scored) => ({ caseKey: scored.caseKey, cycles: scored.cycles.length }));
  const qualification = qualifyRun({
    tier: input.tier,
    compressionRatio: statistics.compressionRatio,
    contradictionRate: statistics.contradictionRate,
    expectedCases: input.expectedCases,
    completeCases: complete.length,
    failedCases: failed,
    expectedCycles: input.expectedCycles,
    shortCases,
    families,
  });
  return {
    ...statistics,
    families,
    cases: { expected: input.expectedCases, complete: complete.length, failed },
    ci: bootstrapIntervals(summaries, input.bootstrap),
    qualification,
  };
}

/**
 * Pass counts per family over every item response of every cycle of its complete cases. A family whose cases
 * all failed is listed with no items and pass rate 0, so the family floor reports it.
 */
function familyScores(cases: readonly ScoredCase[]): Record<string, FamilyScore> {
  const families: Record<string, FamilyScore> = {};
  for (const scored of cases) {
    families[scored.family] ??= { items: 0, passed: 0, passRate: 0 };
    if (scored.status !== 'complete') continue;
    const family = families[scored.family] as FamilyScore;
    for (const cycle of scored.cycles) {
      for (const verdict of cycle.verdicts) {
        family.items++;
        if (isPass(verdict.score)) family.passed++;
      }
    }
  }
  for (const family of Object.values(families)) {
    family.passRate = family.items > 0 ? family.passed / family.items : 0;
  }
  return families;
}

function validateInput(input: RunScoreInput): void {
  const issues: ValidationIssue[] = [];
  if (!Object.hasOwn(TIER_FLOORS, input.tier)) {
    issues.push({
      where: 'tier',
      message: `unknown tier "${input.tier}"; use ${Object.keys(TIER_FLOORS).join(', ')}`,
    });
  }
  for (const field of ['expectedCases', 'expectedCycles'] as const) {
    if (!Number.isSafeInteger(input[field]) || input[field] < 0) {
      issues.push({ where: field, message: `must be a whole number of at least 0, got ${input[field]}` });
    }
  }
  const seen = new Set<string>();
  for (const [caseIndex, scored] of input.cases.entries()) {
    const where = `cases[${caseIndex}]`;
    if (seen.has(scored.caseKey))
      issues.push({ where: `${where}.caseKey`, message: `"${scored.caseKey}" appears twice` });
    seen.add(scored.caseKey);
    if (scored.status !== 'complete' && scored.status !== 'failed') {
      issues.push({
        where: `${where}.status`,
        message: `must be "complete" or "failed", got "${scored.status}"`,
      });
    }
    for (const [cycleIndex, cycle] of scored.cycles.entries()) {
      const cycleWhere = `${where}.cycles[${cycleIndex}]`;
      for (const field of ['transcriptTokens', 'artifactTokens'] as const) {
        if (!(Number.isFinite(cycle[field]) && cycle[field] >= 0)) {
          issues.push({
            where: `${cycleWhere}.${field}`,
            message: `must be a token count of at least 0, got ${cycle[field]}`,
          });
        }
      }
      issues.push(...itemScoreIssues(cycle.verdicts, `${cycleWhere}.verdicts`));
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
}
