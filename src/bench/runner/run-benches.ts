import type { Compactor } from '../../compactors/types.js';
import { CompactkitError, ValidationError } from '../../errors.js';
import type { LanguageModel } from '../../llm/types.js';
import type { RunRecord } from '../../store/types.js';
import { buildLeaderboard, type LeaderboardSegment } from '../leaderboard/build-leaderboard.js';
import type { BenchProgress, BenchRunOptions } from './bench-run-options.js';
import { type BenchRunResult, runBench } from './run-bench.js';

/** What `runBenches` takes: a `runBench` configuration with several compactors instead of one. */
export interface RunBenchesOptions
  extends Omit<BenchRunOptions, 'compactor' | 'compactorModel' | 'onRunOpened' | 'onProgress'> {
  /** The methods, run one after another in this order (see `resolveMethods`). */
  compactors: readonly Compactor[];
  /** The model given to every compactor that `needsModel`. */
  methodModel?: LanguageModel;
  /** Called when a method's run is created or found for resuming, before its first case. */
  onRunOpened?: (run: RunRecord, compactor: Compactor) => void;
  /** Called after each case of each method. */
  onProgress?: (progress: BenchProgress, compactor: Compactor) => void;
  /** Called as each method's run ends (or is found complete by `resume`), before the next one starts. */
  onRunDone?: (result: BenchRunResult, compactor: Compactor) => void;
}

/** What `runBenches` returns: every method's run in order, and the leaderboard of exactly these runs. */
export interface RunBenchesResult {
  runs: BenchRunResult[];
  leaderboard: LeaderboardSegment[];
}

/**
 * Runs a benchmark for each compactor in turn and ranks the runs. With `resume: true`, each method resumes on
 * its own: a method whose newest run of this configuration is complete is not run again (its result says
 * `alreadyComplete`), an unfinished one is continued. With a run id, the method that made that run continues it
 * and the others resume as with `true`. A stop or abort ends the loop: `runBench`'s error is thrown.
 * @throws ValidationError when `resume` names a run that none of the compactors made.
 * @example
 * const { runs, leaderboard } = await runBenches({ store, compactors: await resolveMethods(), suite,
 *   difficulties: ['easy'], cases: 1, seedGroup: '0', cycles: 2, driftMode: 'incremental',
 *   target: createLexicalTarget(), tier: '4x', resume: true });
 */
export async function runBenches(options: RunBenchesOptions): Promise<RunBenchesResult> {
  const { compactors, methodModel, onRunOpened, onProgress, onRunDone, ...shared } = options;
  const resumeFor = resumeTargets(options);
  const runs: BenchRunResult[] = [];
  for (const compactor of compactors) {
    // A stop between two methods starts no run of the next one (an empty run would only clutter the store).
    options.signal?.throwIfAborted();
    if (options.stopSignal?.aborted === true)
      throw new CompactkitError('stopped', 'stopped; finished cases are kept, continue with --resume');
    const resume = resumeFor(compactor);
    const result = await runBench({
      ...shared,
      compactor,
      ...(compactor.needsModel === true && methodModel !== undefined ? { compactorModel: methodModel } : {}),
      ...(resume === undefined ? {} : { resume }),
      ...(onRunOpened ? { onRunOpened: (run: RunRecord) => onRunOpened(run, compactor) } : {}),
      ...(onProgress ? { onProgress: (progress: BenchProgress) => onProgress(progress, compactor) } : {}),
    });
    runs.push(result);
    onRunDone?.(result, compactor);
  }
  const leaderboard = buildLeaderboard(options.store, {
    tier: options.tier,
    runIds: runs.map((result) => result.run.id),
  });
  return { runs, leaderboard };
}

/** Which `resume` each compactor gets: a run id goes to the method that made it, the others resume by config. */
function resumeTargets(options: RunBenchesOptions): (compactor: Compactor) => string | boolean | undefined {
  const { resume } = options;
  if (typeof resume !== 'string') return () => resume;
  const run = options.store.runs.get(resume);
  if (run === undefined)
    throw new ValidationError([
      { where: '--resume', message: `no run "${resume}" in ${options.store.path}` },
    ]);
  const owner = options.compactors.find(
    (compactor) => run.versions.method === `${compactor.name}@${compactor.version}`,
  );
  if (owner === undefined) {
    throw new ValidationError([
      {
        where: '--resume',
        message: `run "${resume}" is of method ${run.versions.method ?? '(none)'}, which is not among the methods to run`,
      },
    ]);
  }
  return (compactor) => (compactor === owner ? resume : true);
}
