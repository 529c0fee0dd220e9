import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { runBuiltCliAsync } from '../support/built-cli.js';

/** Runs the built CLI without blocking this process, which serves the fake API; no key or URL is inherited. */
function cli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/API_KEY|BASE_URL/.test(key)),
  ) as Record<string, string>;
  return runBuiltCliAsync(args, { env: { ...clean, ...env }, replaceEnvironment: true });
}

describe('compactkit models check and runs, against a fake OpenAI server', () => {
  let server: FakeServer;
  const dir = mkdtempSync(join(tmpdir(), 'compactkit-models-'));
  const db = join(dir, 'store.db');

  beforeAll(async () => {
    server = await startFakeServer('openai');
  });
  afterAll(async () => {
    await server.close();
  });

  it('calls the model, records the call, and replays it with no request in replay-only mode', async () => {
    server.enqueue(textReply('openai', 'ready', { input: 12, output: 1 }));
    const env = { OPENAI_API_KEY: 'sk-test-SECRET123', OPENAI_BASE_URL: server.baseURL };
    const first = await cli(['models', 'check', 'openai:gpt-4o-mini', '--db', db], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('reply:    "ready"');
    expect(first.stdout).toContain('tokens:   12 in, 1 out');
    expect(first.stdout).toMatch(/cost: {5}\$0\.0000\d+/);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test-SECRET123');

    const replay = await cli(
      ['models', 'check', 'openai:gpt-4o-mini', '--db', db, '--cache', 'replay-only'],
      {
        OPENAI_BASE_URL: server.baseURL,
      },
    );
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('replayed from the store: no request was sent');
    expect(replay.stdout).toContain('reply:    "ready"');
    expect(server.requests).toHaveLength(1);

    const store = openStore({ path: db, readonly: true });
    try {
      const calls = store.llmCalls.list();
      expect(calls).toHaveLength(1);
      expect(JSON.stringify(calls)).not.toContain('SECRET123');
    } finally {
      store.close();
    }
  });

  it('says in one line which variable to set when the key is missing, and what replay-only lacks', async () => {
    const missing = await cli(['models', 'check', 'anthropic:claude-3-5-haiku-latest', '--cache', 'off']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(
      'compactkit: anthropic:claude-3-5-haiku-latest: no API key: set ANTHROPIC_API_KEY (or COMPACTKIT_ANTHROPIC_API_KEY)',
    );
    const miss = await cli([
      'models',
      'check',
      'openai:gpt-4o',
      '--db',
      db,
      '--cache',
      'replay-only',
      '--prompt',
      'new',
    ]);
    expect(miss.code).toBe(1);
    expect(miss.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(miss.stderr).toMatch(/replay/i);
  });

  it('lists runs, exports one and imports it into another store', async () => {
    const source = openStore({ path: db });
    source.runs.create({
      id: 'run-1',
      kind: 'bench',
      fingerprint: 'f',
      config: {},
      versions: { suite: '1' },
    });
    source.close();
    const listed = await cli(['runs', 'list', '--db', db]);
    expect(listed.stdout).toMatch(/^run-1 {2}bench {2}running {2}/m);
    const file = join(dir, 'run-1.jsonl');
    const exported = await cli(['runs', 'export', 'run-1', '--out', file, '--db', db]);
    expect(exported.code).toBe(0);
    const other = join(dir, 'other.db');
    const imported = await cli(['runs', 'import', file, '--db', other]);
    expect(imported.stdout).toContain('imported run run-1 (0 cases, 0 model calls)');
    const again = await cli(['runs', 'import', file, '--db', other]);
    expect(again.code).not.toBe(0);
    expect(again.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
