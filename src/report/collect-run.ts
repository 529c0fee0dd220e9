import { describeCasePlan } from '../bench/leaderboard/build-leaderboard.js';
import type { BenchRunConfig } from '../bench/runner/bench-record-schemas.js';
import { type BenchCaseRecord, parseBenchRunConfig } from '../bench/runner/parse-bench-records.js';
import { scoreStoredRunAtTiers } from '../bench/runner/score-stored-run.js';
import { scoreCycle } from '../bench/scoring/score-cycle.js';
import type { Tier } from '../bench/scoring/scoring-constants.js';
import type { CaseRecord, Store } from '../store/types.js';
import type { ReportRun, ReportUsage } from './report-data.js';

const TIERS: readonly Tier[] = ['2x', '4x', '8x'];

/** Mean penalised score per cycle over the complete cases, from the stored verdicts (rescored equal above). */
function cycleScores(cases: readonly BenchCaseRecord[]): { cycle: number; score: number }[] {
  const sums = new Map<number, { total: number; count: number }>();
  for (const record of cases) {
    if (record.status !== 'complete') continue;
    const itemTypes = new Map(record.data.items.map((item) => [item.key, item.type]));
    for (const cycle of record.cycles) {
      const verdicts = record.verdicts
        .filter((verdict) => verdict.cycle === cycle.cycle)
        .map((verdict) => ({
          itemType: itemTypes.get(verdict.itemKey) ?? 'immutable_fact_recall',
          score: verdict.score,
          violation: verdict.violation,
        }));
      const sum = sums.get(cycle.cycle) ?? { total: 0, count: 0 };
      sum.total += scoreCycle(verdicts).penalized;
      sum.count++;
      sums.set(cycle.cycle, sum);
    }
  }
  return [...sums]
    .sort(([a], [b]) => a - b)
    .map(([cycle, { total, count }]) => ({ cycle, score: total / count }));
}

/** The model usage of a run, each model marked as the method's, the target's or other. */
function usageOf(store: Store, runId: string, config: BenchRunConfig): ReportUsage[] {
  return store.llmCalls.usageByModel({ runId }).map((usage) => ({
    modelId: usage.modelId,
    role:
      usage.modelId === config.method.model
        ? 'method'
        : usage.modelId === config.target.id
          ? 'target'
          : 'other',
    calls: usage.calls,
    failedCalls: usage.failedCalls,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costUsd: usage.callsWithoutCost > 0 ? null : usage.costUsd,
    latencyMs: usage.latencyMs,
  }));
}

/**
 * One run as the report shows it: every score recomputed from the stored responses (at each tier, for the
 * qualification column), the drift curve, the families and the model usage.
 */
export function collectRun(
  store: Store,
  runId: string,
  records: readonly CaseRecord[],
  cases: readonly BenchCaseRecord[],
): ReportRun {
  const byTier = scoreStoredRunAtTiers(store, runId, TIERS, records);
  const scores = byTier['4x'];
  const { run } = scores;
  const config = parseBenchRunConfig(run);
  return {
    id: run.id,
    method: run.versions.method ?? '?',
    methodOptions: config.method.config,
    methodModel: config.method.model,
    suite: `${config.suite.key}@${config.suite.version}`,
    target: run.versions.target ?? config.target.id,
    scorer: config.scorer,
    casePlan: describeCasePlan(config),
    status: run.status,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt ?? null,
    eliteScore: scores.eliteScore,
    overall: scores.overall,
    driftResistance: scores.driftResistance,
    constraintRetention: scores.constraintRetention,
    compressionBonus: scores.compressionBonus,
    contradictionRate: scores.contradictionRate,
    compressionRatio: scores.compressionRatio,
    retention: scores.retention,
    vsOracle: null,
    ci: {
      eliteScore: [...scores.ci.eliteScore] as [number, number],
      overall: [...scores.ci.overall] as [number, number],
    },
    cases: scores.cases,
    qualification: Object.fromEntries(
      TIERS.map((tier) => [
        tier,
        { qualified: byTier[tier].qualification.qualified, failures: byTier[tier].qualification.failures },
      ]),
    ) as ReportRun['qualification'],
    families: scores.families,
    cycleScores: cycleScores(cases),
    usage: usageOf(store, runId, config),
  };
}
