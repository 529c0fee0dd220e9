import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type Migration, migrations, openStore } from '../../src/store/index.js';
import { runMigrations } from '../../src/store/run-migrations.js';
import { temporaryDirectory } from './helpers.js';

const next = migrations.length + 1;
const known = migrations.map((migration) => migration.version);

const addNotes: Migration = {
  version: next,
  name: 'add-notes',
  up(database) {
    database.exec('ALTER TABLE runs ADD COLUMN notes TEXT');
  },
};

const breaksHalfway: Migration = {
  version: next,
  name: 'breaks-halfway',
  up(database) {
    database.exec('CREATE TABLE half_done (id INTEGER)');
    throw new Error('disk on fire');
  },
};

function versions(database: Database.Database): number[] {
  return database.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];
}

describe('migrations', () => {
  it('are numbered 1, 2, 3, … in order', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('apply only the ones a file lacks, and keep its data', () => {
    const path = join(temporaryDirectory(), 'store.db');
    const store = openStore({ path });
    store.runs.create({ id: 'r1', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    store.close();
    const database = new Database(path);
    expect(runMigrations(database, [...migrations, addNotes], path)).toBe(next);
    expect(versions(database)).toEqual([...known, next]);
    expect(database.prepare('SELECT id, notes FROM runs').all()).toEqual([{ id: 'r1', notes: null }]);
    database.close();
  });

  it('roll back a migration that fails, leaving the previous version intact', () => {
    const path = join(temporaryDirectory(), 'store.db');
    openStore({ path }).close();
    const database = new Database(path);
    expect(() => runMigrations(database, [...migrations, breaksHalfway], path)).toThrow('disk on fire');
    expect(versions(database)).toEqual(known);
    const halfDone = database.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get();
    expect(halfDone).toBeUndefined();
    database.close();
  });

  it('refuse a list out of order', () => {
    const database = new Database(':memory:');
    expect(() => runMigrations(database, [addNotes], ':memory:')).toThrow('expected 1');
    database.close();
  });
});
