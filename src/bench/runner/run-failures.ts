import type { Store } from '../../store/types.js';

/** One reason cases of a run failed: its error code, how many cases, and one of them to look at. */
export interface FailureReason {
  /** The stored error code, e.g. `timeout`, `provider_error`, `method_failed`. */
  code: string;
  count: number;
  /** The first failed case with this code, in the order written. */
  exampleCaseKey: string;
  /** That case's error message. */
  exampleMessage: string;
}

/** Why a run is not clean: its failed cases grouped by error code, and how many planned cases are missing. */
export interface RunFailures {
  runId: string;
  status: string;
  /** One entry per distinct error code, most frequent first. */
  reasons: FailureReason[];
  /** Planned cases with no stored row (a stopped or killed run); 0 for a finished one. */
  missing: number;
}

/**
 * The failures of a stored benchmark run, or undefined when every planned case is stored complete and the run
 * is `complete`: what a CI job needs to say why a run did not pass.
 * @throws StoreError `store_run_not_found`.
 */
export function runFailures(store: Store, runId: string, expectedCases: number): RunFailures | undefined {
  const run = store.runs.get(runId);
  const statuses = store.caseStatuses(runId);
  const failedKeys = new Set(statuses.filter((row) => row.status === 'failed').map((row) => row.caseKey));
  const missing = Math.max(0, expectedCases - statuses.length);
  if (run?.status === 'complete' && failedKeys.size === 0 && missing === 0) return undefined;
  const byCode = new Map<string, FailureReason>();
  if (failedKeys.size > 0) {
    for (const record of store.readCases(runId, { artifacts: false })) {
      if (record.status !== 'failed') continue;
      const code = record.error?.code ?? 'unknown';
      const known = byCode.get(code);
      if (known !== undefined) known.count++;
      else
        byCode.set(code, {
          code,
          count: 1,
          exampleCaseKey: record.caseKey,
          exampleMessage: record.error?.message ?? '',
        });
    }
  }
  return {
    runId,
    status: run?.status ?? 'unknown',
    reasons: [...byCode.values()].sort((a, b) => b.count - a.count),
    missing,
  };
}
