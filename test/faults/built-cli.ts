/**
 * The CLI built once per state of `src/` and shared by every fault test file (and by parallel test processes):
 * esbuild transpiles each source file to `node_modules/.cache/compactkit-built-cli/<hash>/dist/`, beside a copy of
 * package.json and a link to the shipped suites, so `node dist/cli/main.js` behaves as the installed bin does
 * (worker threads included) without tsx compiling on every spawn. A lock directory makes concurrent callers
 * wait for one build instead of racing it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/** The repository root. */
export const root = new URL('../..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A hash of every source file's path, size and modification time: a new build when any of them changes. */
function sourceHash(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const stat = statSync(file);
    hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  hash.update(String(statSync(join(root, 'package.json')).mtimeMs));
  return hash.digest('hex').slice(0, 16);
}

let built: Promise<string> | undefined;

/** The path of the built `cli/main.js`, building it first when this state of `src/` has no build yet. */
export function builtCli(): Promise<string> {
  built ??= buildOnce();
  return built;
}

async function buildOnce(): Promise<string> {
  const files = sourceFiles(join(root, 'src'));
  const cache = join(root, 'node_modules/.cache/compactkit-built-cli');
  const dir = join(cache, sourceHash(files));
  const main = join(dir, 'dist/cli/main.js');
  mkdirSync(cache, { recursive: true });
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(main)) return main;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process is building: wait for it, or take over a lock left by a process that died mid-build.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held !== undefined && Date.now() - held.mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    if (existsSync(main)) return main;
    const staging = `${dir}.staging-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    await build({
      entryPoints: files,
      outbase: join(root, 'src'),
      outdir: join(staging, 'dist'),
      format: 'esm',
      platform: 'node',
      target: 'node20',
      bundle: false,
      logLevel: 'error',
    });
    copyFileSync(join(root, 'package.json'), join(staging, 'package.json'));
    symlinkSync(join(root, 'suites'), join(staging, 'suites'));
    renameSync(staging, dir);
    pruneOldBuilds(cache, dir);
    return main;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Removes builds of earlier source states left for an hour or more, so the cache does not grow without end. */
function pruneOldBuilds(cache: string, keep: string): void {
  for (const entry of readdirSync(cache)) {
    const path = join(cache, entry);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (path !== keep && stat !== undefined && Date.now() - stat.mtimeMs > 3_600_000)
      rmSync(path, { recursive: true, force: true });
  }
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
