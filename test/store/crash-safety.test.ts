import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations, openStore } from '../../src/store/index.js';
import { bundledScript } from '../support/built-cli.js';
import { sampleCase } from './fixtures/sample-case.js';
import { temporaryDirectory } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const writerScript = join(root, 'test/store/fixtures/writer.ts');

/** A writer child process, with the case keys it has reported as committed. */
interface Writer {
  child: ChildProcessWithoutNullStreams;
  committed: string[];
  /** Resolves when the child has printed `ready` (store open, run created). */
  ready: Promise<void>;
  /** Resolves with the line count once `count` commits have been reported. */
  reported(count: number): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startWriter(path: string, runId: string, prefix: string, count: number, wait = false): Writer {
  const child = spawn(
    process.execPath,
    [bundledScript(writerScript), path, runId, prefix, String(count), ...(wait ? ['--wait'] : [])],
    { cwd: root },
  );
  const committed: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    child.on('exit', (code) =>
      reject(new Error(`writer exited with ${code} before it was ready: ${stderr}`)),
    );
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'ready') markReady();
    if (line.startsWith('committed ')) committed.push(line.slice('committed '.length));
    for (const waiter of waiters) if (committed.length >= waiter.count) waiter.resolve();
  });
  const exit = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    stderr,
  }));
  const reported = (count: number) =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ count, resolve });
      exit.then((result) => reject(new Error(`writer exited early: ${JSON.stringify(result)}`)));
    });
  return { child, committed, ready, reported, exit };
}

/** Every stored case of the run must be exactly the case the writer built: complete, nothing half written. */
function expectCompleteCases(path: string, runId: string, mustContain: readonly string[]): number {
  const store = openStore({ path });
  try {
    expect(store.checkIntegrity()).toEqual([]);
    const { cases } = store.readRun(runId);
    const stored = new Set(cases.map((record) => record.caseKey));
    for (const key of mustContain) expect(stored.has(key), `committed case ${key} is missing`).toBe(true);
    for (const record of cases) {
      const { writtenAt: _writtenAt, ...rest } = record;
      expect(rest).toEqual(JSON.parse(JSON.stringify(sampleCase(record.caseKey))));
    }
    return cases.length;
  } finally {
    store.close();
  }
}

function integrityCheck(path: string): string {
  const database = new Database(path);
  try {
    return database.pragma('integrity_check', { simple: true }) as string;
  } finally {
    database.close();
  }
}

describe('crash safety and concurrency (real child processes)', () => {
  it('keeps every committed case and no half case when the writer is killed with SIGKILL, three times over', async () => {
    const path = join(temporaryDirectory(), 'crash.db');
    const reportedEver: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      // Each round resumes the same run: the writer skips the cases already stored.
      const writer = startWriter(path, 'run-crash', 'case', 0);
      await writer.reported(20);
      writer.child.kill('SIGKILL');
      const { signal } = await writer.exit;
      expect(signal).toBe('SIGKILL');
      reportedEver.push(...writer.committed);
      // Check the raw file before openStore can touch it: SQLite recovers the WAL on this first open.
      expect(integrityCheck(path)).toBe('ok');
      const stored = expectCompleteCases(path, 'run-crash', reportedEver);
      expect(stored).toBeGreaterThanOrEqual(reportedEver.length);
    }
  }, 60_000);

  it('lets two processes write to the same new file at once: both succeed, nothing is lost', async () => {
    const path = join(temporaryDirectory(), 'shared.db');
    const count = 150;
    // Both open the not-yet-existing file at the same time, so they also race to create and migrate it.
    const writers = [
      startWriter(path, 'run-a', 'a', count, true),
      startWriter(path, 'run-b', 'b', count, true),
    ];
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.stdin.end('go\n');
    const results = await Promise.all(writers.map((writer) => writer.exit));
    for (const result of results) expect(result).toEqual({ code: 0, signal: null, stderr: '' });
    expect(expectCompleteCases(path, 'run-a', writers[0]!.committed)).toBe(count);
    expect(expectCompleteCases(path, 'run-b', writers[1]!.committed)).toBe(count);
    const database = new Database(path, { readonly: true });
    expect(database.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(migrations.length);
    const order = database.prepare('SELECT run_id FROM cases ORDER BY rowid').pluck().all() as string[];
    database.close();
    // How often the writer changed between consecutive commits: > 1 means the two really ran side by side.
    const switches = order.filter((runId, index) => index > 0 && runId !== order[index - 1]).length;
    expect(switches).toBeGreaterThan(1);
  }, 60_000);
});
