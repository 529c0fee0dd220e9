/**
 * What must happen before the process ends abnormally (an unhandled rejection, an uncaught exception, an event
 * loop that emptied while a command still awaited something): e.g. marking the run in progress `incomplete`.
 * Commands add to it while they hold something open and remove what they added.
 */
export const abnormalExitCleanups = new Set<() => void>();

function runCleanups(): void {
  for (const cleanup of abnormalExitCleanups) {
    try {
      cleanup();
    } catch {
      // The process is ending on a worse error already; one failed cleanup must not hide it.
    }
  }
  abnormalExitCleanups.clear();
}

/**
 * Makes the CLI never end silently. Returns `settle`, to call with the exit code once the command returns;
 * until then, an empty event loop (a promise that can never settle, e.g. in a method's `compact`) prints why
 * and exits 1, and an unhandled rejection or uncaught exception prints its stack and exits 1.
 */
export function installExitGuards(): { settle: (code: number) => void } {
  let settled = false;
  const fatal = (kind: string) => (error: unknown) => {
    process.stderr.write(
      `compactkit: unexpected error (${kind}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    runCleanups();
    process.exit(1);
  };
  process.on('unhandledRejection', fatal('an unhandled promise rejection'));
  process.on('uncaughtException', fatal('an uncaught exception'));
  process.on('beforeExit', () => {
    if (settled) return;
    settled = true;
    process.stderr.write(
      'compactkit: stopped with work still pending: a promise that can never settle (e.g. in a method’s compact)\n',
    );
    runCleanups();
    process.exitCode = 1;
  });
  return {
    settle(code) {
      settled = true;
      process.exitCode = code;
    },
  };
}
