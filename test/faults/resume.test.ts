import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { type CliResult, collect, root, runCli, spawnCli } from './built-cli.js';

const mini = join(root, 'test/bench/fixtures/mini-suite');
const gated = join(root, 'test/faults/fixtures/gated.mjs');

/** Both mini templates at two difficulties, 3 slots each: 12 cases of 2 compactions, one at a time. */
function plan(methods: string, db: string): string[] {
  return [
    'bench',
    'run',
    '--suite',
    mini,
    '--difficulty',
    'easy,medium',
    '--cases',
    '3',
    '--cycles',
    '1',
    '--concurrency',
    '1',
    '--method',
    methods,
    '--db',
    db,
    '--no-progress',
    '--no-report',
  ];
}

async function waitForFile(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Runs the CLI until the gated method has done `compactions` compactions, then SIGKILLs it mid-case. */
async function killAfter(args: string[], compactions: number, dir: string): Promise<CliResult> {
  const hangFile = join(dir, 'hanging');
  const countFile = join(dir, 'count');
  rmSync(hangFile, { force: true });
  rmSync(countFile, { force: true });
  const child = await spawnCli(args, {
    FAULT_HANG_AT: String(compactions),
    FAULT_COUNT_FILE: countFile,
    FAULT_HANG_FILE: hangFile,
  });
  const ended = collect(child);
  await waitForFile(hangFile);
  child.kill('SIGKILL');
  return ended;
}

/** A run's scores as `bench score --json` prints them, without what names the run itself. */
async function scoresOf(runId: string, db: string): Promise<unknown> {
  const result = await runCli(['bench', 'score', runId, '--db', db, '--json']);
  expect(result.code).toBe(0);
  const { run: _run, ...scores } = JSON.parse(result.stdout) as Record<string, unknown>;
  return scores;
}

function storedCases(db: string): {
  runs: { id: string; method: string; status: string }[];
  keys: string[][];
} {
  const store = openStore({ path: db, readonly: true });
  try {
    const runs = store.runs
      .list()
      .reverse()
      .map((run) => ({ id: run.id, method: run.versions.method ?? '', status: run.status }));
    return {
      runs,
      keys: runs.map((run) => store.caseStatuses(run.id).map((row) => `${row.caseKey} ${row.status}`)),
    };
  } finally {
    store.close();
  }
}

describe('a run killed with SIGKILL resumes exactly', () => {
  it('three kills mid-case, then --resume: no case lost or written twice, scores identical to an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-fault-sigkill-'));
    const reference = join(dir, 'reference.db');
    const clean = await runCli(plan(gated, reference));
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);

    const db = join(dir, 'killed.db');
    const stored: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Three compactions: one case written, the next one killed after its first compaction.
      const killed = await killAfter([...plan(gated, db), '--resume'], 3, dir);
      expect(killed.signal).toBe('SIGKILL');
      stored.push(storedCases(db).keys[0]?.length ?? 0);
    }
    expect(stored).toEqual([1, 2, 3]);
    const resumed = await runCli([...plan(gated, db), '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);

    const expected = storedCases(reference);
    const got = storedCases(db);
    expect(got.runs.map(({ method, status }) => ({ method, status }))).toEqual([
      { method: 'gated@1.0.0', status: 'complete' },
    ]);
    expect(got.keys[0]).toHaveLength(12);
    expect(new Set(got.keys[0]).size).toBe(12);
    expect(got.keys[0]).toEqual(expected.keys[0]);
    expect(await scoresOf(got.runs[0]?.id ?? '', db)).toEqual(
      await scoresOf(expected.runs[0]?.id ?? '', reference),
    );
  }, 180_000);

  it('--resume with --method a,b killed during b: a is skipped with a note, b continues', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-fault-resume-methods-'));
    const db = join(dir, 'store.db');
    const killed = await killAfter(plan(`oracle,${gated}`, db), 5, dir);
    expect(killed.signal).toBe('SIGKILL');
    const before = storedCases(db);
    expect(before.runs.map(({ method, status }) => ({ method, status }))).toEqual([
      { method: 'oracle@1.0.0', status: 'complete' },
      { method: 'gated@1.0.0', status: 'running' },
    ]);
    expect(before.keys[1]).toHaveLength(2);

    const resumed = await runCli([...plan(`oracle,${gated}`, db), '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const oracleRun = before.runs[0]?.id ?? '';
    expect(resumed.stdout.split('\n')[0]).toBe(
      `oracle: run ${oracleRun} of this configuration is complete; skipped`,
    );
    const after = storedCases(db);
    expect(after.runs).toEqual([
      { id: oracleRun, method: 'oracle@1.0.0', status: 'complete' },
      { id: before.runs[1]?.id, method: 'gated@1.0.0', status: 'complete' },
    ]);
    expect(after.keys[0]).toEqual(before.keys[0]);
    expect(after.keys[1]?.slice(0, 2)).toEqual(before.keys[1]);
    expect(new Set(after.keys[1]).size).toBe(12);

    // Again: both are complete now, so nothing runs and nothing is added.
    const again = await runCli([...plan(`oracle,${gated}`, db), '--resume']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `gated: run ${before.runs[1]?.id} of this configuration is complete; skipped`,
    );
    expect(storedCases(db)).toEqual(after);
  }, 180_000);
});
