import { CompactkitError, ValidationError } from '../errors.js';

/** Prints an error as one line on stderr (no stack trace for a user mistake) and returns the exit code. */
export function reportError(error: unknown): number {
  if (error instanceof ValidationError) {
    process.stderr.write(`compactkit: ${error.message}\n`);
    for (const issue of error.issues.slice(1, 20))
      process.stderr.write(`  also ${issue.where}: ${issue.message}\n`);
    return 2;
  }
  if (error instanceof CompactkitError) {
    process.stderr.write(`compactkit: ${error.message}\n`);
    if (error.code === 'stopped') return 130;
    // A file the user named that cannot be read, a key they did not set or a run id that is not there is
    // their input, not our failure.
    const missingKey = (error as { reason?: unknown }).reason === 'missing-key';
    return error.code === 'io_error' || error.code === 'store_run_not_found' || missingKey ? 2 : 1;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
    process.stderr.write(`compactkit: ${(error as Error).message}\n`);
    return 2;
  }
  // An unexpected failure is a bug in compactkit: keep the stack so it can be reported.
  process.stderr.write(
    `compactkit: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 1;
}
