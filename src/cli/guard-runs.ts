import type { Store } from '../store/index.js';
import { abnormalExitCleanups } from './exit-guards.js';

/** What `guardRuns` gives a command that writes runs. */
export interface RunGuard {
  /** Aborts on the first Ctrl-C (or SIGTERM): start no new case, let the cases in progress finish. */
  readonly stopSignal: AbortSignal;
  /** The run in progress, whose model calls are recorded under it and which an abnormal exit marks. */
  runId: string | undefined;
  /** Removes the handlers. */
  dispose(): void;
}

/**
 * Ctrl-C for a command that writes runs: the first stops gently (no new case; the cases in progress finish or
 * reach their deadline), the second marks the run in progress `incomplete` and exits 130 at once. An abnormal
 * exit (see `installExitGuards`) marks it too, so `--resume` finds it.
 */
export function guardRuns(store: Store): RunGuard {
  const stop = new AbortController();
  const guard: RunGuard = {
    stopSignal: stop.signal,
    runId: undefined,
    dispose: () => {
      process.removeListener('SIGINT', handle);
      process.removeListener('SIGTERM', handle);
      abnormalExitCleanups.delete(markIncomplete);
    },
  };
  const markIncomplete = () => {
    if (guard.runId === undefined) return;
    store.runs.finish(guard.runId, 'incomplete');
    process.stderr.write(
      `compactkit: run ${guard.runId} marked incomplete; finished cases are kept, continue with --resume\n`,
    );
  };
  const handle = () => {
    if (!stop.signal.aborted) {
      process.stderr.write(
        '\ncompactkit: stopping after the cases in progress (at most their deadline); Ctrl-C again to exit now\n',
      );
      stop.abort();
      return;
    }
    if (guard.runId === undefined) process.stderr.write('compactkit: stopped\n');
    else markIncomplete();
    process.exit(130);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  abnormalExitCleanups.add(markIncomplete);
  return guard;
}
