import { ValidationError } from '../../errors.js';
import { StoreError } from '../../store/store-error.js';
import type { CaseRecord, RunRecord, Store } from '../../store/types.js';
import { type RunScores, type ScoredCase, type ScoredCycle, scoreRun } from '../scoring/index.js';
import { judgeItem } from '../scoring/judge-item.js';
import type { Tier } from './bench-run-options.js';
import { type BenchCaseRecord, parseBenchCase, parseBenchRunConfig } from './parse-bench-records.js';
import { storedRunRetention } from './stored-run-retention.js';

/** A run's scores with what they are scores of. */
export interface StoredRunScores extends RunScores {
  run: RunRecord;
  /** Stored verdicts that differ from the rescored ones (0 unless the scorer or the store changed). */
  verdictMismatches: number;
  /**
   * Reader-independent retention: the mean over cases of the share of ground-truth entries the artifacts still
   * carry (see `artifactRetention`); a failed case counts 0.
   */
  retention: number;
  /** Each case's retention, by case key. */
  caseRetention: Record<string, number>;
}

/**
 * Recomputes every number of a benchmark run from its stored responses: each response is judged again from
 * the stored items and ground truth, and nothing stored as an aggregate is read. Stored verdicts are only
 * compared, to flag a run scored by a different scorer.
 */
export function scoreStoredRun(store: Store, runId: string, options: { tier?: Tier } = {}): StoredRunScores {
  const tier = options.tier ?? 'run';
  return scoreStoredRunAtTiers(store, runId, [tier])[tier];
}

/**
 * `scoreStoredRun` at several tiers, the run read and judged once: only qualification depends on the tier.
 * `'run'` stands for the run's own tier. `records` are the run's stored cases when the caller has read them
 * already (with or without artifacts).
 * @example const { '2x': loose, '8x': strict } = scoreStoredRunAtTiers(store, runId, ['2x', '8x']);
 */
export function scoreStoredRunAtTiers<T extends Tier | 'run'>(
  store: Store,
  runId: string,
  tiers: readonly T[],
  records?: readonly CaseRecord[],
): Record<T, StoredRunScores> {
  const run = store.runs.get(runId);
  if (run === undefined)
    throw new StoreError(
      'store_run_not_found',
      store.path,
      `no run "${runId}" in ${store.path}; \`compactkit runs list\` shows the runs there`,
    );
  const config = parseBenchRunConfig(run);
  let verdictMismatches = 0;
  const read = records ?? store.readCases(runId, { artifacts: false });
  const { retention, byCase } = storedRunRetention(store, runId, read);
  const cases: ScoredCase[] = read.map((record) => {
    const rescored = rescoreCase(parseBenchCase(record));
    verdictMismatches += rescored.mismatches;
    return rescored.scored;
  });
  const byTier = {} as Record<T, StoredRunScores>;
  for (const tier of tiers) {
    const scores = scoreRun({
      cases,
      expectedCases: config.expectedCases,
      expectedCycles: config.cycles + 1,
      tier: tier === 'run' ? config.tier : tier,
    });
    byTier[tier] = { ...scores, run, verdictMismatches, retention, caseRetention: byCase };
  }
  return byTier;
}

function rescoreCase(record: BenchCaseRecord): { scored: ScoredCase; mismatches: number } {
  if (record.status === 'failed') {
    const family = record.data?.family ?? 'unknown';
    return { scored: { caseKey: record.caseKey, family, status: 'failed', cycles: [] }, mismatches: 0 };
  }
  const { data } = record;
  const items = new Map(data.items.map((item) => [item.key, item]));
  const forbidden = data.groundTruth.forbiddenBehaviors;
  let mismatches = 0;
  const cycles: ScoredCycle[] = record.cycles.map((cycleRecord) => {
    const cycleData = cycleRecord.data;
    const verdicts = record.itemResponses
      .filter((response) => response.cycle === cycleRecord.cycle)
      .map((response) => {
        const item = items.get(response.itemKey);
        if (item === undefined) {
          throw new ValidationError([
            {
              where: `case ${record.caseKey}`,
              message: `a response to item "${response.itemKey}", which the case does not list`,
            },
          ]);
        }
        const verdict = judgeItem(item, response.response, forbidden);
        const stored = record.verdicts.find(
          (entry) => entry.cycle === response.cycle && entry.itemKey === response.itemKey,
        );
        if (stored === undefined || stored.score !== verdict.score || stored.violation !== verdict.violation)
          mismatches++;
        return { itemKey: item.key, itemType: item.type, score: verdict.score, violation: verdict.violation };
      });
    return {
      cycle: cycleRecord.cycle,
      transcriptTokens: cycleData.transcriptTokens,
      artifactTokens: cycleData.artifactTokens,
      verdicts,
    };
  });
  return { scored: { caseKey: record.caseKey, family: data.family, status: 'complete', cycles }, mismatches };
}
