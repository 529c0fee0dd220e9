import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerBenchCommand } from './bench-command.js';
import { registerCompactCommand } from './compact-command.js';
import { registerDatasetsCommand } from './datasets-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerModelsCommand } from './models-command.js';
import { registerProbeCommand } from './probe-command.js';
import { registerReportCommand } from './report-command.js';
import { reportError } from './report-error.js';
import { registerRunsCommand } from './runs-command.js';

/** The package version, read once from package.json beside the build output. */
function packageVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

/** Builds the `compactkit` command tree. */
export function createProgram(): Command {
  const program = new Command('compactkit')
    .description('LLM context compaction you can trust, and the benchmark that measures it.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCompactCommand(program);
  registerBenchCommand(program);
  registerEvalCommand(program);
  registerDatasetsCommand(program);
  registerModelsCommand(program);
  registerRunsCommand(program);
  registerReportCommand(program);
  registerProbeCommand(program);
  return program;
}

/** Runs the CLI and returns the exit code: 0 ok, 2 bad input, 1 failure. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed help, the version or its own one-line error.
      return error.exitCode === 0 ? 0 : 2;
    }
    return reportError(error);
  }
}
