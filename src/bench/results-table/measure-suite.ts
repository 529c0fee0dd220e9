import type { Compactor } from '../../compactors/types.js';
import type { LanguageModel } from '../../llm/types.js';
import type { Store } from '../../store/types.js';
import { runBench } from '../runner/run-bench.js';
import { scoreStoredRunAtTiers } from '../runner/score-stored-run.js';
import type { Suite } from '../suites/suite.js';
import type { Target } from '../target/target.js';
import type { Difficulty } from '../template/template.js';
import type { ResultsRow } from './results-table.js';

/** The controls: they frame a results table but are not ranked. */
export const CONTROL_METHODS: ReadonlySet<string> = new Set(['null', 'oracle']);

/** What `measureSuite` runs: each method once on one suite, with one case plan and one target. */
export interface MeasureSuiteOptions {
  store: Store;
  suite: Suite;
  compactors: readonly Compactor[];
  target: Target;
  /** The model LLM-based methods use. */
  compactorModel?: LanguageModel;
  difficulties: readonly Difficulty[];
  /** Case slots per template and difficulty. */
  cases: number;
  cycles: number;
  concurrency?: number;
  /** Told each method's name before its run starts. */
  onMethod?: (name: string) => void;
}

/**
 * Runs every method on a suite (seed group 0, incremental drift) and returns one results-table row per method:
 * its scores, retention and qualification at each tier, all recomputed from the store.
 */
export async function measureSuite(options: MeasureSuiteOptions): Promise<ResultsRow[]> {
  const rows: ResultsRow[] = [];
  for (const compactor of options.compactors) {
    options.onMethod?.(compactor.name);
    const result = await runBench({
      store: options.store,
      compactor,
      ...(options.compactorModel === undefined ? {} : { compactorModel: options.compactorModel }),
      suite: options.suite,
      difficulties: options.difficulties,
      cases: options.cases,
      seedGroup: '0',
      cycles: options.cycles,
      driftMode: 'incremental',
      target: options.target,
      tier: '8x',
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    });
    const byTier = scoreStoredRunAtTiers(options.store, result.run.id, ['2x', '4x', '8x']);
    rows.push({
      method: compactor.name,
      control: CONTROL_METHODS.has(compactor.name),
      scores: byTier['8x'],
      retention: byTier['8x'].retention,
      qualifiedAt: {
        '2x': byTier['2x'].qualification.qualified,
        '4x': byTier['4x'].qualification.qualified,
        '8x': byTier['8x'].qualification.qualified,
      },
    });
  }
  return rows;
}
