import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations, openStore } from '../../src/store/index.js';
import { catchStoreError, hashFile, temporaryDirectory } from './helpers.js';

const tables = [
  'artifacts',
  'cases',
  'cycles',
  'evaluation_rows',
  'item_responses',
  'llm_calls',
  'probe_results',
  'runs',
  'schema_migrations',
  'text_packs',
  'texts',
  'verdicts',
];

function inspect(path: string) {
  const database = new Database(path, { readonly: true });
  try {
    return {
      journalMode: database.pragma('journal_mode', { simple: true }),
      tables: database
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all(),
      migrations: database.prepare('SELECT version, name, applied_at FROM schema_migrations').all() as {
        version: number;
        name: string;
        applied_at: string;
      }[],
    };
  } finally {
    database.close();
  }
}

describe('openStore', () => {
  const startDirectory = process.cwd();
  afterEach(() => process.chdir(startDirectory));

  it('creates .compactkit/compactkit.db in the working directory by default, migrated and in WAL mode', () => {
    const directory = temporaryDirectory();
    process.chdir(directory);
    const store = openStore();
    expect(store.path).toBe(join('.compactkit', 'compactkit.db'));
    expect(store.schemaVersion).toBe(migrations.length);
    store.close();
    const state = inspect(join(directory, '.compactkit', 'compactkit.db'));
    expect(state.journalMode).toBe('wal');
    expect(state.tables).toEqual(tables);
    expect(state.migrations).toEqual([
      { version: 1, name: 'initial-schema', applied_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      { version: 2, name: 'text-packs', applied_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
  });

  it('does not run migrations again on reopen, and keeps the data', () => {
    const path = join(temporaryDirectory(), 'store.db');
    const first = openStore({ path });
    first.runs.create({ id: 'r1', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    first.close();
    const before = inspect(path).migrations;
    const second = openStore({ path });
    expect(second.runs.get('r1')?.id).toBe('r1');
    second.close();
    expect(inspect(path).migrations).toEqual(before);
  });

  it('works in memory', () => {
    const store = openStore({ path: ':memory:' });
    store.runs.create({ id: 'r1', kind: 'probe', fingerprint: 'f', config: null, versions: {} });
    expect(store.runs.list().map((run) => run.id)).toEqual(['r1']);
    expect(store.checkIntegrity()).toEqual([]);
    store.close();
    store.close();
  });

  it('refuses a database from a newer compactkit and leaves its bytes and directory unchanged', () => {
    const directory = temporaryDirectory();
    const path = join(directory, 'future.db');
    openStore({ path }).close();
    const raw = new Database(path);
    raw
      .prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)')
      .run(7, 'from-the-future', '2030-01-01T00:00:00Z');
    raw.close();
    const hash = hashFile(path);
    const files = readdirSync(directory);
    const message = `${path} has store schema version 7, but this build of compactkit knows versions up to ${migrations.length}; upgrade compactkit to open it (the file was not changed)`;
    const error = catchStoreError(() => openStore({ path }), 'store_version_newer');
    expect(error.message).toBe(message);
    expect(error.path).toBe(path);
    expect(hashFile(path)).toBe(hash);
    expect(readdirSync(directory)).toEqual(files);
    // A read-only open is refused too. (Any read-only reader of a WAL file leaves empty -wal/-shm files
    // behind, since it may not delete them; the database itself keeps its bytes.)
    expect(catchStoreError(() => openStore({ path, readonly: true }), 'store_version_newer').message).toBe(
      message,
    );
    expect(hashFile(path)).toBe(hash);
  });

  it.each([
    ['random bytes', randomBytes(8192)],
    ['a text file', 'name,score\nalpha,0.5\nbeta,0.75\n'],
  ])('refuses %s as not a SQLite database, naming the path, without changing it', (_name, content) => {
    const path = join(temporaryDirectory(), 'results.db');
    writeFileSync(path, content);
    const hash = hashFile(path);
    const error = catchStoreError(() => openStore({ path }), 'store_not_database');
    expect(error.message).toContain(`${path} is not a SQLite database`);
    expect(hashFile(path)).toBe(hash);
  });

  it("refuses another program's SQLite database", () => {
    const path = join(temporaryDirectory(), 'other.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE notes (body TEXT)');
    raw.close();
    const hash = hashFile(path);
    const error = catchStoreError(() => openStore({ path }), 'store_foreign_database');
    expect(error.message).toContain('no schema_migrations');
    expect(hashFile(path)).toBe(hash);
  });

  it('opens read-only: reads work, writes throw store_readonly, a missing file is store_open_failed', () => {
    const directory = temporaryDirectory();
    const path = join(directory, 'store.db');
    const writer = openStore({ path });
    writer.runs.create({ id: 'r1', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    writer.close();
    const reader = openStore({ path, readonly: true });
    expect(reader.runs.get('r1')?.status).toBe('running');
    catchStoreError(() => reader.runs.finish('r1', 'complete'), 'store_readonly');
    reader.close();
    const missing = join(directory, 'missing.db');
    catchStoreError(() => openStore({ path: missing, readonly: true }), 'store_open_failed');
    expect(existsSync(missing)).toBe(false);
  });

  it('says when the directory cannot be created', () => {
    const directory = temporaryDirectory();
    writeFileSync(join(directory, 'file'), 'x');
    const error = catchStoreError(
      () => openStore({ path: join(directory, 'file', 'store.db') }),
      'store_open_failed',
    );
    expect(error.message).toContain('cannot create the directory');
  });

  it('throws a StoreError, not a crash, when used after close', () => {
    const store = openStore({ path: ':memory:' });
    store.close();
    catchStoreError(() => store.writeCase('r1', { caseKey: 'c', status: 'complete' }), 'store_failed');
  });
});
