import type { Store } from '../../store/types.js';
import type { BenchRunConfig } from '../runner/bench-record-schemas.js';
import type { Tier } from '../runner/bench-run-options.js';
import { parseBenchRunConfig } from '../runner/parse-bench-records.js';
import { stableJson } from '../runner/run-fingerprint.js';
import { type StoredRunScores, scoreStoredRun } from '../runner/score-stored-run.js';
import { rankRuns } from '../scoring/index.js';

/** One ranked run of a leaderboard segment. */
export interface LeaderboardEntry {
  rank: number;
  runId: string;
  /** `name@version` of the method. */
  method: string;
  /** The method's options, when it had any. */
  methodConfig: Record<string, unknown>;
  status: string;
  /** When the run finished (or started, if it never did): the last tie-breaker. */
  publishedAt: string;
  eliteScore: number;
  overall: number;
  driftResistance: number;
  constraintRetention: number;
  contradictionRate: number;
  compressionRatio: number;
  compressionBonus: number;
  /** Reader-independent: the share of ground-truth entries the artifacts still carry (see `artifactRetention`). */
  retention: number;
  /** Overall score ÷ the `oracle` control's on the same cases; null when the segment has no oracle run. */
  vsOracle: number | null;
  qualified: boolean;
  failures: string[];
  ci: StoredRunScores['ci'];
}

/** Runs that may be compared: the same suite version, scorer version, target and case plan. */
export interface LeaderboardSegment {
  suite: string;
  scorer: string;
  target: string;
  /** Difficulties, case slots, seed group, cycles, drift mode and template filters, in words. */
  casePlan: string;
  tier: Tier;
  entries: LeaderboardEntry[];
}

/**
 * Ranks the benchmark runs in a store, every score recomputed from stored responses. Runs are segmented by
 * suite version, scorer version, target (model and version) and case plan, never compared across segments.
 * Within a segment the newest run of each method (name, version and options) stands; entries are ordered by
 * elite score with seed 000's tie-breakers. Unfinished (`running`) runs are left out.
 */
export function buildLeaderboard(
  store: Store,
  options: { tier?: Tier; runIds?: readonly string[] } = {},
): LeaderboardSegment[] {
  const runs = store.runs
    .list({ kind: 'bench' })
    .filter((run) => run.status !== 'running')
    .filter((run) => options.runIds === undefined || options.runIds.includes(run.id));
  const segments = new Map<
    string,
    { segment: Omit<LeaderboardSegment, 'entries'>; latest: Map<string, RankedRun> }
  >();
  // list() is newest first, so the first run seen per method is its newest.
  for (const run of runs) {
    const config = parseBenchRunConfig(run);
    const tier = options.tier ?? config.tier;
    const segmentKey = stableJson([
      run.versions.suite,
      run.versions.scorer,
      run.versions.target,
      casePlanOf(config),
      tier,
    ]);
    let entry = segments.get(segmentKey);
    if (entry === undefined) {
      entry = {
        segment: {
          suite: run.versions.suite ?? '?',
          scorer: run.versions.scorer ?? '?',
          target: run.versions.target ?? '?',
          casePlan: describeCasePlan(config),
          tier,
        },
        latest: new Map(),
      };
      segments.set(segmentKey, entry);
    }
    const methodKey = stableJson([run.versions.method, config.method.config]);
    if (!entry.latest.has(methodKey)) {
      entry.latest.set(methodKey, { scores: scoreStoredRun(store, run.id, { tier }), config });
    }
  }
  return [...segments.values()].map(({ segment, latest }) => ({
    ...segment,
    entries: withOracleRatio(rank([...latest.values()])),
  }));
}

/** The `oracle` control's overall score among the entries, if one of them is the oracle and scored above 0. */
export function oracleOverall(entries: readonly { method: string; overall: number }[]): number | undefined {
  const oracle = entries.find((entry) => entry.method.split('@')[0] === 'oracle');
  return oracle === undefined || oracle.overall === 0 ? undefined : oracle.overall;
}

function withOracleRatio(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  const ceiling = oracleOverall(entries);
  return entries.map((entry) => ({
    ...entry,
    vsOracle: ceiling === undefined ? null : entry.overall / ceiling,
  }));
}

/** A run's scores with its parsed configuration. */
interface RankedRun {
  scores: StoredRunScores;
  config: BenchRunConfig;
}

function rank(runs: RankedRun[]): LeaderboardEntry[] {
  const entries = runs.map(({ scores: score, config }) => ({
    score,
    config,
    eliteScore: score.eliteScore,
    driftResistance: score.driftResistance,
    constraintRetention: score.constraintRetention,
    contradictionRate: score.contradictionRate,
    publishedAt: score.run.finishedAt ?? score.run.createdAt,
  }));
  return rankRuns(entries).map((entry, index) => {
    const { score } = entry;
    return {
      rank: index + 1,
      runId: score.run.id,
      method: score.run.versions.method ?? '?',
      methodConfig: entry.config.method.config,
      status: score.run.status,
      publishedAt: entry.publishedAt,
      eliteScore: score.eliteScore,
      overall: score.overall,
      driftResistance: score.driftResistance,
      constraintRetention: score.constraintRetention,
      contradictionRate: score.contradictionRate,
      compressionRatio: score.compressionRatio,
      compressionBonus: score.compressionBonus,
      retention: score.retention,
      vsOracle: null,
      qualified: score.qualification.qualified,
      failures: score.qualification.failures,
      ci: score.ci,
    };
  });
}

function casePlanOf(config: BenchRunConfig): unknown {
  const { difficulties, cases, seedGroup, cycles, driftMode, templates, families, budgetTokens } = config;
  return { difficulties, cases, seedGroup, cycles, driftMode, templates, families, budgetTokens };
}

/** The case plan of a run configuration in words: difficulties, slots, seed group, cycles, filters, budget. */
export function describeCasePlan(config: BenchRunConfig): string {
  const parts = [
    `difficulty ${config.difficulties.join(',')}`,
    `${config.cases} case(s) per template`,
    `seed group ${config.seedGroup}`,
    `${config.cycles} drift cycle(s), ${config.driftMode}`,
  ];
  if (config.families !== null) parts.push(`families ${config.families.join(',')}`);
  if (config.templates !== null) parts.push(`templates ${config.templates.join(',')}`);
  if (config.budgetTokens !== null) parts.push(`budget ${config.budgetTokens} tokens`);
  return parts.join('; ');
}
