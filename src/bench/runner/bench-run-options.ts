import type { Compactor } from '../../compactors/types.js';
import type { LanguageModel } from '../../llm/types.js';
import type { RunRecord, Store } from '../../store/types.js';
import type { Tier } from '../scoring/scoring-constants.js';
import type { Suite } from '../suites/suite.js';
import type { Target } from '../target/target.js';
import type { Difficulty } from '../template/template.js';

/** How drift cycles feed the compactor: its previous artifact plus the new turns (the seed's way), or everything again. */
export type DriftMode = 'incremental' | 'full';

export type { Tier };

/** How long a case may run before it is recorded failed with code `timeout`: 10 minutes. */
export const DEFAULT_CASE_TIMEOUT_MS = 600_000;

/** What a benchmark run is: everything here but `store`, `concurrency`, `signal` and `onProgress` goes into its fingerprint. */
export interface BenchRunOptions {
  store: Store;
  compactor: Compactor;
  /** The method's options, as given; recorded and part of the fingerprint. */
  methodConfig?: Record<string, unknown>;
  /** The model an LLM-based compactor uses. */
  compactorModel?: LanguageModel;
  suite: Suite;
  /** Only these templates (keys) or families; all when absent. */
  templates?: readonly string[];
  families?: readonly string[];
  difficulties: readonly Difficulty[];
  /** Case slots per template and difficulty. */
  cases: number;
  seedGroup: string;
  /** Drift cycles after cycle 0. */
  cycles: number;
  driftMode: DriftMode;
  target: Target;
  tier: Tier;
  /** Token budget passed to the compactor. */
  budgetTokens?: number;
  /** Cases run at once (default 4). */
  concurrency?: number;
  /**
   * Continue this run, or with `true` the newest run with the same fingerprint: when it is complete nothing runs
   * and the result says `alreadyComplete`; when it is unfinished it is continued; when there is none a new run
   * starts.
   */
  resume?: string | boolean;
  /**
   * Each case's deadline in milliseconds (default `DEFAULT_CASE_TIMEOUT_MS`, 10 minutes). A case still running
   * then is recorded failed with code `timeout` and the run goes on. Every await of the case is raced against
   * it; a method that blocks its thread (`for(;;){}`) is only stopped when it runs in a worker thread
   * (`loadWorkerCompactor`, which plugins get from `resolveMethods`).
   */
  caseTimeoutMs?: number;
  /** Aborts at once: cases in progress are abandoned unwritten, the run ends `incomplete`, and `runBench` throws. */
  signal?: AbortSignal;
  /**
   * A gentle stop: once it aborts no new case starts; cases in progress finish or reach their deadline and are
   * written. The run then ends `incomplete` and `runBench` throws a CompactkitError `stopped`.
   */
  stopSignal?: AbortSignal;
  /** Called once the run is created or found for resuming, before any case runs. */
  onRunOpened?: (run: RunRecord) => void;
  onProgress?: (progress: BenchProgress) => void;
}

/** Where a run stands, after each case. */
export interface BenchProgress {
  runId: string;
  total: number;
  /** Cases done in this process or an earlier one (resumed). */
  done: number;
  failed: number;
  /** Cases skipped because a resumed run had them. */
  skipped: number;
  elapsedMs: number;
  /** Estimated time left, from the pace of this process; undefined before the first case. */
  etaMs: number | undefined;
  /** The case just finished. */
  caseKey?: string;
}
