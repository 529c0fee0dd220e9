import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

/*
 * The CLI as users run it: plain JavaScript under plain `node`, no tsx loader in the process. Starting
 * `node --import tsx src/cli/main.ts` compiles every imported file on each start (seconds on a busy machine,
 * per test); this build is made once for the source it was built from and shared by every test and every
 * vitest worker. Its folder is named by a hash of `src/`, so an edit makes a new build and a stale one is
 * never used. The layout mirrors the package (`dist/` beside `package.json` and `suites/`), because the CLI
 * finds its version and the shipped suites relative to its own files.
 */

const root = new URL('../..', import.meta.url).pathname;
const buildsDirectory = join(root, 'test-output', 'built-cli');

/** How long a lock may stand before it is taken to be left by a killed worker. */
const STALE_LOCK_MS = 120_000;

let cached: string | undefined;

/** The path of the built `cli/main.js`, building it first when this source has no build yet. */
export function builtCliPath(): string {
  cached ??= ensureBuild();
  return cached;
}

/**
 * The built JavaScript of a source module, e.g. `builtModulePath('compactors/registry/load-compactor')`, for a
 * child process that calls the library as a user's plain-node program would.
 */
export function builtModulePath(sourcePath: string): string {
  return join(builtCliPath(), '..', '..', `${sourcePath}.js`);
}

const bundledScripts = new Map<string, string>();

/**
 * A TypeScript test fixture run as a child process (a store writer to SIGKILL), bundled once per test process
 * with esbuild, packages left external, into `test-output/scripts/`: `node --import tsx` would compile its
 * whole import graph again at every spawn. `import.meta.url` is the script's own source URL in every bundled
 * module, so a script may find fixtures relative to itself (a bundled module that finds files relative to its
 * own place in `src/`, such as the shipped suites, would look in the wrong folder).
 */
export function bundledScript(path: string): string {
  const cached = bundledScripts.get(path);
  if (cached !== undefined) return cached;
  const name = relative(root, path).replace(/[^\w]+/g, '-');
  const result = buildSync({
    entryPoints: [path],
    bundle: true,
    write: false,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path).href) },
  });
  const outfile = writeScript(name, result.outputFiles[0]?.text ?? '');
  bundledScripts.set(path, outfile);
  return outfile;
}

/**
 * Writes a generated script to `test-output/scripts/<name>-<hash of its text>.mjs`, once: the same text is
 * reused by every test process and every run, and a partial file is never seen (written aside, then renamed).
 */
export function writeScript(name: string, text: string): string {
  const directory = join(root, 'test-output', 'scripts');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const file = join(directory, `${name}-${hash}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(directory, { recursive: true });
  const aside = `${file}.${process.pid}.partial`;
  writeFileSync(aside, text);
  renameSync(aside, file);
  return file;
}

/** What a finished CLI process left. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of a CLI run: working directory, standard input, extra environment. */
export interface CliRunOptions {
  cwd?: string;
  input?: string;
  /** Added to this process's environment, or used alone with `replaceEnvironment`. */
  env?: NodeJS.ProcessEnv;
  replaceEnvironment?: boolean;
  /** Node options placed before the script, e.g. `--max-old-space-size=64`. */
  nodeArguments?: readonly string[];
  /** Run as this user and group (only root may), e.g. so file permissions apply to the child. */
  uid?: number;
  gid?: number;
}

/** Runs the built CLI synchronously and returns its exit code and output. */
export function runBuiltCli(args: readonly string[], options: CliRunOptions = {}): CliResult {
  const spawnOptions: SpawnSyncOptions = {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: environment(options),
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  };
  const result = spawnSync(
    process.execPath,
    [...(options.nodeArguments ?? []), builtCliPath(), ...args],
    spawnOptions,
  );
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** Runs the built CLI without blocking the test's event loop (needed when the test also serves HTTP). */
export function runBuiltCliAsync(args: readonly string[], options: CliRunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArguments ?? []), builtCliPath(), ...args], {
      cwd: options.cwd ?? root,
      env: environment(options),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

function environment(options: CliRunOptions): NodeJS.ProcessEnv {
  return options.replaceEnvironment === true ? { ...options.env } : { ...process.env, ...options.env };
}

function ensureBuild(): string {
  const directory = join(buildsDirectory, sourceHash());
  const main = join(directory, 'dist', 'cli', 'main.js');
  if (existsSync(main)) return main;
  mkdirSync(buildsDirectory, { recursive: true });
  const lock = `${directory}.lock`;
  for (;;) {
    if (existsSync(main)) return main;
    if (tryLock(lock)) break;
    sleep(100);
  }
  try {
    if (!existsSync(main)) {
      build(directory);
      removeOldBuilds(directory);
    }
    return main;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Takes the lock (an atomic mkdir); removes one left by a worker that died holding it. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by its owner: the next attempt takes it.
    }
    return false;
  }
}

/** Builds into a scratch folder and renames it into place, so no reader ever sees half a build. */
function build(directory: string): void {
  const scratch = `${directory}.partial-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  buildSync({
    entryPoints: sourceFiles().map((file) => join(root, 'src', file)),
    outdir: join(scratch, 'dist'),
    outbase: join(root, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  copyFileSync(join(root, 'package.json'), join(scratch, 'package.json'));
  symlinkSync(join(root, 'suites'), join(scratch, 'suites'));
  writeFileSync(join(scratch, 'built-from.txt'), `${relative(root, directory)}\n`);
  renameSync(scratch, directory);
}

/** Builds of older sources, left a day ago or more: each edit of `src/` leaves one behind. */
function removeOldBuilds(current: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(buildsDirectory)) {
    const path = join(buildsDirectory, entry);
    if (path === current || entry.endsWith('.lock')) continue;
    if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
  }
}

/** The `.ts` files of `src/` (declarations and tests excluded), relative to it, sorted. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(join(root, 'src', at), { withFileTypes: true })) {
      const path = at === '' ? entry.name : `${at}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk('');
  return files.sort();
}

/** A hash of every source file and the package manifest: a new build exactly when one of them changed. */
function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of ['package.json', ...sourceFiles().map((path) => `src/${path}`)]) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}
