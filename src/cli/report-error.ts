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
    return error.isUserError ? 2 : 1;
  }
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
    process.stderr.write(`compactkit: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  // An unexpected failure is a bug in compactkit: keep the stack so it can be reported.
  process.stderr.write(
    `compactkit: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 1;
}
