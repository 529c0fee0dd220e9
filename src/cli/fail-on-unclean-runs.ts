import { type RunFailures, runFailures, type StoredRunScores } from '../bench/runner/index.js';
import { CompactkitError } from '../errors.js';
import type { Store } from '../store/index.js';

/**
 * Prints why each run did not pass cleanly (a head line, then one line per distinct failure reason with its
 * count, an example case id and its error) and throws a CompactkitError `run_unclean`, so the command exits 1.
 * Does nothing when every run is complete with no failed case.
 */
export function failOnUncleanRuns(store: Store, runs: readonly { scores: StoredRunScores }[]): void {
  let unclean = 0;
  for (const { scores } of runs) {
    const failures = runFailures(store, scores.run.id, scores.cases.expected);
    if (failures === undefined) continue;
    unclean++;
    for (const line of formatFailures(failures, scores.run.versions.method ?? '?', scores.cases.expected))
      process.stderr.write(`compactkit: ${line}\n`);
  }
  if (unclean > 0)
    throw new CompactkitError(
      'run_unclean',
      `${unclean} of ${runs.length} run${runs.length === 1 ? '' : 's'} did not complete cleanly`,
    );
}

function formatFailures(failures: RunFailures, method: string, expected: number): string[] {
  const failed = failures.reasons.reduce((sum, reason) => sum + reason.count, 0);
  const parts = [`${failed} of ${expected} cases failed`];
  if (failures.missing > 0) parts.push(`${failures.missing} not run (continue with --resume)`);
  return [
    `run ${failures.runId} (${method}) is ${failures.status}: ${parts.join(', ')}`,
    ...failures.reasons.map(
      (reason) =>
        `  ${reason.code}: ${reason.count} case${reason.count === 1 ? '' : 's'}, e.g. ${reason.exampleCaseKey}: ${oneLine(reason.exampleMessage)}`,
    ),
  ];
}

/** A stored message on one line and of bounded length, whatever the method put in it. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
