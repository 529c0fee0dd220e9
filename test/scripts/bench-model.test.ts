import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';

const root = new URL('../..', import.meta.url).pathname;
const README = 'intro\n<!-- bench:model:start -->\nold table\n<!-- bench:model:end -->\noutro\n';

/** Runs `npm run bench:model`'s script in a child process, so this process can serve the fake API. */
function benchModel(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/API_KEY|BASE_URL/.test(key)),
    ) as Record<string, string>;
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/bench-model.ts'), ...args],
      { cwd: root, env: clean },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run bench:model, against a fake OpenAI-compatible server on 127.0.0.1', () => {
  let server: FakeServer;
  const dir = mkdtempSync(join(tmpdir(), 'compactkit-bench-model-'));
  const readme = join(dir, 'README.md');

  beforeAll(async () => {
    server = await startFakeServer('openai');
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks the model every item, records its calls and writes the table between the bench:model markers', async () => {
    writeFileSync(readme, README);
    // The model refuses to name anything: it passes what must be absent and fails what must be present.
    server.setFallback(() => textReply('openai', 'The notes do not say.', { input: 50, output: 5 }));
    const db = join(dir, 'store.db');
    const result = await benchModel([
      '--target',
      `openai-compatible:tiny-model@${server.baseURL}`,
      '--suite',
      join(root, 'test/bench/fixtures/mini-suite'),
      '--method',
      'null,oracle',
      '--difficulty',
      'easy',
      '--cycles',
      '0',
      '--db',
      db,
      '--readme',
      readme,
    ]);
    expect(result.stderr).not.toMatch(/Error|at /);
    expect(result.code).toBe(0);
    const written = readFileSync(readme, 'utf8');
    expect(written.startsWith('intro\n<!-- bench:model:start -->\nMeasured by the model `')).toBe(true);
    expect(written).toContain('tiny-model');
    expect(written).toMatch(/\| oracle \(control\) \| [01]\.\d{3} \| 1\.000 \| /);
    expect(written).toMatch(/\| null \(control\) \| /);
    expect(written.endsWith('<!-- bench:model:end -->\noutro\n')).toBe(true);
    expect(written).not.toContain('old table');
    expect(result.stdout).toBe(
      written.slice(written.indexOf('Measured'), written.indexOf('<!-- bench:model:end')),
    );
    // Every question went to the server, and every call is in the store under its run.
    const questions = server.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(questions.length).toBeGreaterThan(0);
    const store = openStore({ path: db });
    try {
      const runs = store.runs.list({ kind: 'bench' });
      expect(runs).toHaveLength(2);
      const recorded = runs.reduce(
        (sum, run) => sum + store.llmCalls.usageByModel({ runId: run.id })[0]!.calls,
        0,
      );
      expect(recorded).toBe(questions.length);
    } finally {
      store.close();
    }
  });

  it('refuses a missing target or a README without the markers in one line, exit code 2, nothing written', async () => {
    writeFileSync(readme, README);
    const missing = await benchModel(['--readme', readme]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^bench:model: --target: give a model spec[^\n]*\n$/);
    writeFileSync(readme, 'no markers\n');
    const unmarked = await benchModel([
      '--target',
      `openai-compatible:m@${server.baseURL}`,
      '--readme',
      readme,
    ]);
    expect(unmarked.code).toBe(2);
    expect(unmarked.stderr).toMatch(/^bench:model: --readme: .* lacks the <!-- bench:model:start -->/);
    expect(readFileSync(readme, 'utf8')).toBe('no markers\n');
  });
});
