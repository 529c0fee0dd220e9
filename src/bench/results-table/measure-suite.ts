import { existsSync } from 'node:fs';
import type { Compactor } from '../../compactors/types.js';
import type { LanguageModel } from '../../llm/types.js';
import type { RunRecord, Store } from '../../store/types.js';
import { runBench } from '../runner/run-bench.js';
import { scoreStoredRunAtTiers } from '../runner/score-stored-run.js';
import { builtInSuiteNames, resolveSuite } from '../suites/built-in-suites.js';
import type { Suite } from '../suites/suite.js';
import type { Target } from '../target/target.js';
import type { Difficulty } from '../template/template.js';
import type { ResultsRow, SuiteResults } from './results-table.js';

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
  /** Told each run once it exists (a recorded model target files its calls under the run in progress). */
  onRunOpened?: (run: RunRecord) => void;
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
      ...(options.onRunOpened === undefined ? {} : { onRunOpened: options.onRunOpened }),
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

/** One suite of a results table: a shipped suite's name or a folder of templates, and the heading to show. */
export interface ResultsSource {
  title: string;
  /** A shipped suite's name (`elite`) or a path; a path that does not exist is skipped with a note. */
  suite: string;
}

/**
 * `measureSuite` over several suites, each under its heading: the tables of `npm run bench:table` and
 * `npm run bench:model`. A source whose folder is absent is listed as skipped, not an error, so a checkout without
 * CompactBench's templates still gets the other tables.
 */
export async function measureSuites(
  sources: readonly ResultsSource[],
  options: Omit<MeasureSuiteOptions, 'suite' | 'onMethod'> & {
    onMethod?: (suite: string, method: string) => void;
  },
): Promise<SuiteResults[]> {
  const shipped = await builtInSuiteNames();
  const results: SuiteResults[] = [];
  for (const source of sources) {
    if (!shipped.includes(source.suite) && !existsSync(source.suite)) {
      results.push({ title: source.title, rows: [], skipped: `Skipped: ${source.suite} is absent.` });
      continue;
    }
    const rows = await measureSuite({
      ...options,
      suite: await resolveSuite(source.suite),
      onMethod: (name) => options.onMethod?.(source.title, name),
    });
    results.push({ title: source.title, rows });
  }
  return results;
}
