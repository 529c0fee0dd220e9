import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { root, runCli } from './built-cli.js';

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
