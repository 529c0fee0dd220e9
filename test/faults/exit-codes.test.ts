import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { errorReply, type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { root, runCli } from './built-cli.js';

const mini = join(root, 'test/bench/fixtures/mini-suite');

/** plan_flip, easy, one compaction by oracle, answered by the OpenAI model behind the fake server. */
function modelRun(db: string): string[] {
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
    'oracle',
    '--target',
    'openai:gpt-4o-mini',
    '--db',
    db,
    '--no-progress',
    '--no-report',
  ];
}

describe('exit codes CI can trust', () => {
  let server: FakeServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startFakeServer('openai');
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL };
  });
  afterAll(() => server.close());

  it('a model that answers 500 to every call: exit 1, one line per failure reason, the case stored failed', async () => {
    server.setFallback(() => errorReply('openai', 500, 'the fake server is down'));
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-500-')), 'store.db');
    const result = await runCli(modelRun(db), env);
    expect(result.code).toBe(1);
    const errors = result.stderr.trimEnd().split('\n');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(
      /^compactkit: run [0-9a-f-]{36} \(oracle@1\.0\.0\) is incomplete: 1 of 1 cases failed$/,
    );
    expect(errors[1]).toMatch(
      /^compactkit: {3}provider_error: 1 case, e\.g\. plan_flip@1\.0\.0:easy:0:0: .*500.*the fake server is down/,
    );
    expect(errors[2]).toBe('compactkit: 1 of 1 run did not complete cleanly');
    const store = openStore({ path: db, readonly: true });
    const [run] = store.runs.list();
    const runId = run?.id ?? '';
    try {
      expect(run?.status).toBe('incomplete');
      expect(store.readCases(runId).map(({ status, error }) => [status, error?.code])).toEqual([
        ['failed', 'provider_error'],
      ]);
    } finally {
      store.close();
    }

    // Rescoring the stored run says the same, with the same exit code.
    const scored = await runCli(['bench', 'score', runId, '--db', db]);
    expect(scored.code).toBe(1);
    expect(scored.stdout).toContain('cases 0/1 complete, 1 failed');
    expect(scored.stderr.trimEnd().split('\n')).toEqual(errors);
  });

  it('a model that never answers, with --call-timeout 1s: each attempt gives up, exit 1 with the reason', async () => {
    server.setFallback(() => ({ hang: true }));
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-stall-')), 'store.db');
    const before = server.requests.length;
    const result = await runCli([...modelRun(db), '--call-timeout', '1s'], env);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')[1]).toMatch(
      /^compactkit: {3}provider_error: 1 case, e\.g\. plan_flip@1\.0\.0:easy:0:0: openai:gpt-4o-mini: no response within 1000 ms/,
    );
    // Two items asked at once; the first to give up after four attempts ends the case and cancels the other.
    expect(server.requests.length - before).toBeGreaterThanOrEqual(5);
    expect(server.requests.length - before).toBeLessThanOrEqual(8);
  });

  it('a missing API key stops the run with one line naming the variable, exit 2; set, --resume completes it', async () => {
    server.setFallback(() => textReply('openai', 'The notes do not say.'));
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-no-key-')), 'store.db');
    const noKey = { OPENAI_API_KEY: '', COMPACTKIT_OPENAI_API_KEY: '', OPENAI_BASE_URL: server.baseURL };
    const before = server.requests.length;
    const result = await runCli(modelRun(db), noKey);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'compactkit: openai:gpt-4o-mini: no API key: set OPENAI_API_KEY (or COMPACTKIT_OPENAI_API_KEY)\n',
    );
    expect(server.requests.length).toBe(before);
    const store = openStore({ path: db, readonly: true });
    const [run] = store.runs.list();
    expect(run?.status).toBe('incomplete');
    expect(store.caseStatuses(run?.id ?? '')).toEqual([]);
    store.close();
    const resumed = await runCli([...modelRun(db), '--resume'], env);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`run ${run?.id} · oracle@1.0.0`);
  });

  it('a clean run exits 0 from bench run and from bench score', async () => {
    server.setFallback(() => textReply('openai', 'The notes do not say.'));
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-clean-')), 'store.db');
    const result = await runCli(modelRun(db), env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const store = openStore({ path: db, readonly: true });
    const [run] = store.runs.list();
    store.close();
    const scored = await runCli(['bench', 'score', run?.id ?? '', '--db', db]);
    expect(scored.stderr).toBe('');
    expect(scored.code).toBe(0);
  });

  it('a plugin that leaves a rejected promise: its worker ends, the case fails with the error, exit 1', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-fault-rejects-')), 'store.db');
    const plugin = join(root, 'test/faults/fixtures/rejects-in-background.mjs');
    const result = await runCli(
      [...modelRun(db).filter((arg) => !['--target', 'openai:gpt-4o-mini'].includes(arg))].map((arg) =>
        arg === 'oracle' ? plugin : arg,
      ),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').slice(1)).toEqual([
      "compactkit:   method_failed: 1 case, e.g. plan_flip@1.0.0:easy:0:0: the method's worker failed: Error: a background task of the method failed",
      'compactkit: 1 of 1 run did not complete cleanly',
    ]);
  });

  it('--help documents the exit codes', async () => {
    const help = await runCli(['bench', 'run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 every run complete with no failed case; 1 a run incomplete');
    expect(help.stdout).toContain('--case-timeout <duration>');
    expect(help.stdout).toContain('--call-timeout <duration>');
  });
});
