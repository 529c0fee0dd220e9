import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { collect, root, runCli, spawnCli } from './built-cli.js';

const mini = join(root, 'test/bench/fixtures/mini-suite');
const fixtures = join(root, 'test/faults/fixtures');

/** One case (plan_flip, easy, one compaction) with the method under test and a 2 s case deadline. */
function oneCase(method: string, db: string): string[] {
  return [
    'bench',
    'run',
    '--suite',
    mini,
    '--template',
    'plan_flip',
    '--difficulty',
    'easy',
    '--cycles',
    '0',
    '--method',
    method,
    '--case-timeout',
    '2s',
    '--db',
    db,
    '--no-progress',
    '--no-report',
  ];
}

describe('a method that never gives the case back is stopped at the case deadline', () => {
  it.each([
    ['never settles', 'never-settles'],
    ['spins (for(;;){})', 'spins'],
    ['keeps a timer alive and never settles', 'keeps-timer'],
  ])('%s: the case fails with reason timeout, the run ends incomplete, exit 1', async (_label, name) => {
    const db = join(mkdtempSync(join(tmpdir(), `compactkit-fault-${name}-`)), 'store.db');
    const result = await runCli(oneCase(join(fixtures, `${name}.mjs`), db));
    expect(result.code).toBe(1);
    const errors = result.stderr.trimEnd().split('\n');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(
      new RegExp(
        `^compactkit: run [0-9a-f-]{36} \\(${name}@1\\.0\\.0\\) is incomplete: 1 of 1 cases failed$`,
      ),
    );
    expect(errors[1]).toBe(
      'compactkit:   timeout: 1 case, e.g. plan_flip@1.0.0:easy:0:0: the case ran past its deadline of 2 s (case timeout)',
    );
    expect(errors[2]).toBe('compactkit: 1 of 1 run did not complete cleanly');
    expect(result.stdout).toContain(`${name}@1.0.0 on mini@1.0.0 · target lexical@`);
    const store = openStore({ path: db, readonly: true });
    try {
      const [run, ...others] = store.runs.list();
      expect(others).toHaveLength(0);
      expect(run?.status).toBe('incomplete');
      const cases = store.readCases(run?.id ?? '');
      expect(cases.map(({ caseKey, status, error }) => ({ caseKey, status, code: error?.code }))).toEqual([
        { caseKey: 'plan_flip@1.0.0:easy:0:0', status: 'failed', code: 'timeout' },
      ]);
    } finally {
      store.close();
    }
  });

  it('a method that leaves a timer behind after answering does not keep the command alive', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-leaves-timer-')), 'store.db');
    const result = await runCli(oneCase(join(fixtures, 'leaves-timer.mjs'), db));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const store = openStore({ path: db, readonly: true });
    try {
      const [run] = store.runs.list();
      expect(run?.status).toBe('complete');
      expect(store.caseStatuses(run?.id ?? '')).toEqual([
        { caseKey: 'plan_flip@1.0.0:easy:0:0', status: 'complete' },
      ]);
    } finally {
      store.close();
    }
  });
});

describe('Ctrl-C during a case that hangs', () => {
  const gated = join(fixtures, 'gated.mjs');
  /** Two cases, one at a time; the gated method hangs at its first compaction when FAULT_HANG_AT is 0. */
  const twoCases = (db: string, ...extra: string[]) => [
    ...oneCase(gated, db).filter((arg) => arg !== '--case-timeout' && arg !== '2s'),
    '--cases',
    '2',
    '--concurrency',
    '1',
    ...extra,
  ];
  const hangEnv = (dir: string) => ({
    FAULT_HANG_AT: '0',
    FAULT_COUNT_FILE: join(dir, 'count'),
    FAULT_HANG_FILE: join(dir, 'hanging'),
  });
  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('the first stops after the case in progress, at its deadline: that case fails with timeout, exit 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-fault-sigint-'));
    const db = join(dir, 'store.db');
    const child = await spawnCli(twoCases(db, '--case-timeout', '2s'), hangEnv(dir));
    const ended = collect(child);
    await until(() => existsSync(join(dir, 'hanging')));
    child.kill('SIGINT');
    const result = await ended;
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(
      '\ncompactkit: stopping after the cases in progress (at most their deadline); Ctrl-C again to exit now\n' +
        'compactkit: stopped; finished cases are kept, continue with --resume\n',
    );
    const store = openStore({ path: db, readonly: true });
    try {
      const [run] = store.runs.list();
      expect(run?.status).toBe('incomplete');
      expect(store.readCases(run?.id ?? '').map(({ caseKey, error }) => [caseKey, error?.code])).toEqual([
        ['plan_flip@1.0.0:easy:0:0', 'timeout'],
      ]);
    } finally {
      store.close();
    }
  });

  it('the second exits 130 at once, the run marked incomplete, and --resume completes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-fault-sigint-twice-'));
    const db = join(dir, 'store.db');
    const child = await spawnCli(twoCases(db), hangEnv(dir));
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const ended = collect(child);
    await until(() => existsSync(join(dir, 'hanging')));
    child.kill('SIGINT');
    await until(() => stderr.includes('Ctrl-C again to exit now'));
    child.kill('SIGINT');
    const result = await ended;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(
      /Ctrl-C again to exit now\ncompactkit: run [0-9a-f-]{36} marked incomplete; finished cases are kept, continue with --resume\n$/,
    );
    const resumed = await runCli([...twoCases(db), '--resume']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const store = openStore({ path: db, readonly: true });
    try {
      const runs = store.runs.list();
      expect(runs.map((run) => run.status)).toEqual(['complete']);
      expect(store.caseStatuses(runs[0]?.id ?? '')).toEqual([
        { caseKey: 'plan_flip@1.0.0:easy:0:0', status: 'complete' },
        { caseKey: 'plan_flip@1.0.0:easy:0:1', status: 'complete' },
      ]);
    } finally {
      store.close();
    }
  });
});

describe('the CLI never ends silently', () => {
  const compact = (method: string) => [
    'compact',
    'samples/agent-session.jsonl',
    '--method',
    join(fixtures, `${method}.mjs`),
    '--budget',
    '300',
    '--out',
    join(mkdtempSync(join(tmpdir(), 'compactkit-fault-compact-')), 'out.json'),
  ];

  it('a method whose promise can never settle (an empty event loop): exit 1 and why', async () => {
    const result = await runCli(compact('never-settles'));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'compactkit: stopped with work still pending: a promise that can never settle (e.g. in a method’s compact)\n',
    );
  });

  it('an unhandled rejection: exit 1 with its stack', async () => {
    const result = await runCli(compact('rejects-in-background'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^compactkit: unexpected error \(an unhandled promise rejection\): Error: a background task of the method failed\n\s+at /,
    );
  });
});
