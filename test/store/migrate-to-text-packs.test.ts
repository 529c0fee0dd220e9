import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../src/bench/reader/index.js';
import { runBench, scoreStoredRun } from '../../src/bench/runner/index.js';
import { loadSuite } from '../../src/bench/suites/index.js';
import { nullCompactor, oracleCompactor } from '../../src/compactors/index.js';
import { openStore, type RunContents } from '../../src/store/index.js';
import { initialSchema } from '../../src/store/migrations/001-initial-schema.js';
import { runMigrations } from '../../src/store/run-migrations.js';
import { sampleCase } from './fixtures/sample-case.js';
import { writeSchemaOneRun } from './fixtures/schema-one-writer.js';
import { temporaryDirectory } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

/** A schema-1 file holding these runs, as the previous version of compactkit left it. */
function schemaOneFile(path: string, runs: readonly RunContents[]): void {
  const database = new Database(path);
  database.pragma('foreign_keys = ON');
  runMigrations(database, [initialSchema], path);
  database.transaction(() => {
    for (const contents of runs) writeSchemaOneRun(database, contents);
  })();
  database.close();
}

describe('store schema 2 (texts in compressed packs)', () => {
  it('migrates a schema-1 file: every run reads back as written and rescores to the same numbers', async () => {
    const directory = temporaryDirectory();
    const source = openStore({ path: join(directory, 'new.db') });
    const results = [];
    for (const compactor of [oracleCompactor, nullCompactor]) {
      results.push(
        await runBench({
          store: source,
          compactor,
          suite,
          difficulties: ['easy', 'medium'],
          cases: 2,
          seedGroup: '0',
          cycles: 2,
          driftMode: 'incremental',
          target: createLexicalTarget(),
          tier: '2x',
        }),
      );
    }
    const contents = results.map((result) => source.readRun(result.run.id));
    // A failed case with an error, a response that never came and a verdict without a reason.
    const failed = {
      ...sampleCase('failed-one'),
      status: 'failed' as const,
      writtenAt: '2026-01-01T00:00:00.000Z',
    };
    failed.error = { code: 'method_failed', message: 'Error: boom' };
    failed.itemResponses = [{ cycle: 0, itemKey: 'item-0', prompt: 'Q?' }];
    failed.verdicts = [{ cycle: 0, itemKey: 'item-0', score: 0, violation: false }];
    source.runs.create({ id: 'odd', kind: 'evaluate', fingerprint: 'f', config: { a: 1 }, versions: {} });
    source.writeCase('odd', failed);
    const request = { messages: [{ role: 'user', content: 'Which port?' }] };
    const usage = { inputTokens: 12, outputTokens: undefined };
    const answer = {
      text: 'Port 8437.',
      usage,
      latencyMs: 40,
      finishReason: 'stop' as const,
      costUsd: 0.001,
    };
    const at = '2026-01-01T00:00:00.000Z';
    source.llmCalls.record({
      key: 'k1',
      modelId: 'openai:m',
      request,
      response: answer,
      runId: 'odd',
      createdAt: at,
    });
    source.llmCalls.record({
      key: 'k2',
      modelId: 'openai:m',
      request,
      error: { code: 'provider_error', message: 'HTTP 500' },
      runId: 'odd',
      createdAt: at,
    });
    contents.push(source.readRun('odd'));
    source.close();

    const path = join(directory, 'old.db');
    schemaOneFile(path, contents);
    // The reading commands open read-only: an older file is migrated first, then read.
    const store = openStore({ path, readonly: true });
    expect(store.readonly).toBe(true);
    expect(store.schemaVersion).toBe(2);
    for (const expected of contents) expect(store.readRun(expected.run.id)).toEqual(expected);
    expect(contents.at(-1)?.llmCalls).toHaveLength(2);
    expect(store.llmCalls.find('k1')?.response?.text).toBe('Port 8437.');
    expect(store.llmCalls.usageByRun().find((usage) => usage.runId === 'odd')).toMatchObject({
      calls: 2,
      failedCalls: 1,
      inputTokens: 12,
      callsWithoutUsage: 1,
    });
    for (const result of results) {
      const { run: _run, ...before } = result.scores;
      const { run: _again, ...after } = scoreStoredRun(store, result.run.id, { tier: '2x' });
      expect(after).toEqual(before);
    }
    expect(store.checkIntegrity()).toEqual([]);
    store.close();
    const database = new Database(path, { readonly: true });
    const tables = database.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%_v1'").all();
    database.close();
    expect(tables).toEqual([]);
  });

  it('keeps one copy of a text written twice, and stores less than the texts weigh', () => {
    const directory = temporaryDirectory();
    const store = openStore({ path: join(directory, 'store.db') });
    store.runs.create({ id: 'a', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    store.runs.create({ id: 'b', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    const record = sampleCase('same-case');
    store.writeCase('a', record);
    store.writeCase('b', record);
    store.close();
    const database = new Database(join(directory, 'store.db'), { readonly: true });
    const count = (sql: string) => database.prepare(sql).pluck().get();
    // The second run's case is made of texts the first one stored: no new text, no new pack.
    expect(count('SELECT count(DISTINCT pack_id) FROM texts')).toBe(2);
    expect(count('SELECT count(*) FROM texts')).toBe(
      (count(`SELECT count(DISTINCT artifact_text) FROM artifacts`) as number) +
        (count(`SELECT count(*) FROM (
          SELECT data_text AS id FROM cases UNION SELECT data_text FROM cycles
          UNION SELECT prompt_text FROM item_responses UNION SELECT response_text FROM item_responses
          UNION SELECT reason_text FROM verdicts) WHERE id IS NOT NULL`) as number),
    );
    const packed = count('SELECT sum(length(body)) FROM text_packs') as number;
    const inflated = count('SELECT sum(size) FROM text_packs') as number;
    expect(packed).toBeLessThan(inflated / 5);
    database.close();
  });
});
