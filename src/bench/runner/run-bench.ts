import PQueue from 'p-queue';
import { CompactkitError, ValidationError } from '../../errors.js';
import type { RunRecord, Store } from '../../store/types.js';
import { createLineMemoCounter } from '../../tokens/create-line-memo-counter.js';
import { createTokenCounter } from '../../tokens/create-token-counter.js';
import { GENERATOR_VERSION } from '../generate/generation-defaults.js';
import { SCORER_VERSION } from '../scoring/index.js';
import { type BenchRunConfig, benchRunConfigSchema } from './bench-record-schemas.js';
import { type BenchProgress, type BenchRunOptions, DEFAULT_CASE_TIMEOUT_MS } from './bench-run-options.js';
import { type PlannedCase, planCases } from './plan-cases.js';
import { runCase } from './run-case.js';
import { runFingerprint } from './run-fingerprint.js';
import { type StoredRunScores, scoreStoredRun } from './score-stored-run.js';

/** What `runBench` returns: the run as stored and its scores, recomputed from the stored responses. */
export interface BenchRunResult {
  run: RunRecord;
  scores: StoredRunScores;
  /** Cases this call skipped because the resumed run already had them. */
  skipped: number;
  /** True when `resume` found this configuration's newest run complete, so nothing ran. */
  alreadyComplete: boolean;
}

/**
 * Runs a benchmark: every planned case through the compactor and the target, `concurrency` cases at a time,
 * each case written to the store in one transaction as it finishes. A failing case is recorded with its error
 * and the run goes on (ending `incomplete`, which cannot qualify). A stopped or killed run keeps what it
 * wrote; `resume` continues it, skipping complete cases and retrying failed ones.
 * @example
 * const result = await runBench({ store, compactor: oracleCompactor, suite: await resolveSuite('starter'),
 *   difficulties: ['easy'], cases: 1, seedGroup: '0', cycles: 2, driftMode: 'incremental',
 *   target: createLexicalTarget(), tier: '4x' });
 */
export async function runBench(options: BenchRunOptions): Promise<BenchRunResult> {
  const planned = planCases(options);
  if (planned.length === 0) {
    throw new ValidationError([{ where: 'bench run', message: 'no cases: no template matches the filters' }]);
  }
  // Parsed on the way in as readers parse it on the way out: a writer change they do not follow fails here.
  const config = benchRunConfigSchema.parse(runConfig(options, planned.length));
  const fingerprint = runFingerprint(config);
  const run = openRun(options.store, options.resume, fingerprint, config, versionsOf(options));
  if (run.status === 'complete') {
    const scores = scoreStoredRun(options.store, run.id, { tier: options.tier });
    return { run, scores, skipped: planned.length, alreadyComplete: true };
  }
  options.onRunOpened?.(run);
  const statuses = new Map(options.store.caseStatuses(run.id).map((row) => [row.caseKey, row.status]));
  const todo = planned.filter((entry) => statuses.get(entry.key) !== 'complete');
  const skipped = planned.length - todo.length;
  try {
    await runPlanned(options, run, todo, { total: planned.length, skipped, retried: statuses });
  } catch (error) {
    // An error that ends the run (a missing API key) leaves it resumable once fixed. If even that write
    // fails (the disk is full), the run stays `running`, which resumes too, and the first error is the one
    // worth reporting.
    try {
      options.store.runs.finish(run.id, 'incomplete');
    } catch {}
    throw error;
  }
  const finalStatuses = options.store.caseStatuses(run.id);
  const allComplete =
    finalStatuses.length === planned.length && finalStatuses.every((row) => row.status === 'complete');
  // A gentle stop that came after the last case started stopped nothing.
  const stopped =
    options.signal?.aborted === true ||
    (options.stopSignal?.aborted === true && finalStatuses.length < planned.length);
  const finished = options.store.runs.finish(run.id, allComplete ? 'complete' : 'incomplete');
  const scores = scoreStoredRun(options.store, run.id, { tier: options.tier });
  if (stopped) {
    options.signal?.throwIfAborted();
    throw new CompactkitError('stopped', 'stopped; finished cases are kept, continue with --resume');
  }
  return { run: finished, scores, skipped, alreadyComplete: false };
}

async function runPlanned(
  options: BenchRunOptions,
  run: RunRecord,
  todo: readonly PlannedCase[],
  counts: { total: number; skipped: number; retried: ReadonlyMap<string, string> },
): Promise<void> {
  const counter = createTokenCounter();
  const queue = new PQueue({ concurrency: options.concurrency ?? 4 });
  const started = performance.now();
  let done = counts.skipped;
  let doneHere = 0;
  let failed = 0;
  const report = (caseKey?: string) => {
    const elapsedMs = performance.now() - started;
    const left = counts.total - done;
    options.onProgress?.({
      runId: run.id,
      total: counts.total,
      done,
      failed,
      skipped: counts.skipped,
      elapsedMs,
      etaMs: doneHere === 0 ? undefined : (elapsedMs / doneHere) * left,
      ...(caseKey === undefined ? {} : { caseKey }),
    } satisfies BenchProgress);
  };
  report();
  const context = {
    compactor: options.compactor,
    ...(options.compactorModel ? { compactorModel: options.compactorModel } : {}),
    target: options.target,
    driftMode: options.driftMode,
    cycles: options.cycles,
    ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens }),
    counter,
    countArtifactTokens: createLineMemoCounter(),
  };
  // Set when a case throws instead of returning a failed record (a missing key, a store that cannot write):
  // the run is over, so no further case starts.
  let ended = false;
  const runOne = async (planned: PlannedCase) => {
    // Offline cases resolve in microtasks only; without a turn of the event loop here a whole run would
    // pass without signals (Ctrl-C), timers or output getting a chance.
    await new Promise((resolve) => setImmediate(resolve));
    if (options.signal?.aborted === true || options.stopSignal?.aborted === true || ended) return;
    const record = await withDeadline(options, (signal) => runCase(planned, { ...context, signal }));
    options.store.writeCase(run.id, record, {
      replaceFailed: counts.retried.get(planned.key) === 'failed',
    });
    done++;
    doneHere++;
    if (record.status === 'failed') failed++;
    report(planned.key);
  };
  const tasks = todo.map((planned) =>
    queue.add(() =>
      runOne(planned).catch((error: unknown) => {
        ended = true;
        throw error;
      }),
    ),
  );
  const results = await Promise.allSettled(tasks);
  for (const result of results) {
    if (result.status === 'rejected' && options.signal?.aborted !== true) throw result.reason;
  }
}

/**
 * Runs a case under its deadline: the case's signal aborts with a CompactkitError `timeout` when the deadline
 * passes, with the run's own reason when the run is aborted, and once the case is over. The timer is a ref'd one on purpose: while a
 * case awaits a promise that holds no handle, it keeps the process alive until the deadline fails the case.
 */
async function withDeadline<T>(
  options: BenchRunOptions,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeoutMs = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(
        new CompactkitError(
          'timeout',
          `the case ran past its deadline of ${formatDuration(timeoutMs)} (case timeout)`,
        ),
      ),
    timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    return await task(signal);
  } finally {
    clearTimeout(timer);
    // Work the case left running (the other items' model calls after one failed) is of no use any more.
    deadline.abort(new CompactkitError('stopped', 'the case is over'));
  }
}

/** `600000` → `10 min`, `1500` → `1.5 s`: how a deadline reads in a stored error. */
function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The configuration that defines a run; its hash is the run's fingerprint. */
function runConfig(options: BenchRunOptions, expectedCases: number): BenchRunConfig {
  return {
    method: {
      name: options.compactor.name,
      version: options.compactor.version,
      config: options.methodConfig ?? options.compactor.config ?? {},
      model: options.compactorModel?.id ?? null,
    },
    target: { id: options.target.id, kind: options.target.kind, version: options.target.version },
    suite: { key: options.suite.key, version: options.suite.version },
    scorer: SCORER_VERSION,
    generator: GENERATOR_VERSION,
    templates: options.templates === undefined ? null : [...options.templates],
    families: options.families === undefined ? null : [...options.families],
    difficulties: [...options.difficulties],
    cases: options.cases,
    seedGroup: options.seedGroup,
    cycles: options.cycles,
    driftMode: options.driftMode,
    budgetTokens: options.budgetTokens ?? null,
    tier: options.tier,
    expectedCases,
  };
}

function versionsOf(options: BenchRunOptions): Record<string, string> {
  return {
    suite: `${options.suite.key}@${options.suite.version}`,
    scorer: SCORER_VERSION,
    generator: GENERATOR_VERSION,
    method: `${options.compactor.name}@${options.compactor.version}`,
    target: `${options.target.id}@${options.target.version}`,
    targetKind: options.target.kind,
    ...(options.compactorModel ? { compactorModel: options.compactorModel.id } : {}),
  };
}

function openRun(
  store: Store,
  resume: string | boolean | undefined,
  fingerprint: string,
  config: unknown,
  versions: Record<string, string>,
): RunRecord {
  if (typeof resume === 'string') {
    const run = store.runs.get(resume);
    if (run === undefined)
      throw new ValidationError([{ where: '--resume', message: `no run "${resume}" in ${store.path}` }]);
    if (run.fingerprint !== fingerprint) {
      throw new ValidationError([
        {
          where: '--resume',
          message: `run "${resume}" was made with a different configuration (method, target, suite, scorer, seeds, cycles or tier); run it again with the same options`,
        },
      ]);
    }
    return run;
  }
  if (resume === true) {
    // The newest run of this configuration: complete means done (the caller skips it), else it is continued.
    const newest = store.runs.list({ kind: 'bench', fingerprint }).find((run) => run.status !== 'failed');
    if (newest !== undefined) return newest;
  }
  return store.runs.create({ kind: 'bench', fingerprint, config, versions });
}
