/**
 * The fault tests' way to run the CLI as users do: the build of test/support/built-cli.ts (made once per state of
 * `src/` and shared by every test file and vitest worker), spawned asynchronously so a test can signal it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { builtCliPath } from '../support/built-cli.js';

/** The repository root. */
export const root = new URL('../..', import.meta.url).pathname;

/** The path of the built `cli/main.js`, building it first when this state of `src/` has no build yet. */
export function builtCli(): Promise<string> {
  return Promise.resolve(builtCliPath());
}

/** What a finished CLI process gave. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts the built CLI as a child process in the repository root. */
export async function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const main = await builtCli();
  return spawn(process.execPath, [main, ...args], { cwd: root, env: { ...process.env, ...env } });
}

/** Runs the built CLI to its end and collects its output. */
export async function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  return collect(await spawnCli(args, env));
}

/** Waits for a started child to end and returns its exit and output. */
export async function collect(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}
