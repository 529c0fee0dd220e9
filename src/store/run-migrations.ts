import type Database from 'better-sqlite3';
import type { Migration } from './migrations/index.js';
import { StoreError } from './store-error.js';

/** What an opened file holds before any migration runs. */
export interface SchemaState {
  /** Highest applied migration version; 0 for a new, empty file. */
  version: number;
  /** True when the file has tables but no `schema_migrations`: another program's database. */
  foreign: boolean;
}

/** Reads the schema version of a file without writing to it (the first read also proves it is SQLite). */
export function readSchemaState(database: Database.Database): SchemaState {
  const tables = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  if (!tables.includes('schema_migrations')) return { version: 0, foreign: tables.length > 0 };
  const version = database.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as
    | number
    | null;
  return { version: version ?? 0, foreign: false };
}

/**
 * Refuses a file this build must not touch: one from a newer compactkit, or another program's database.
 * Runs before anything is written, so a refused file keeps its bytes.
 */
export function assertSchemaUsable(state: SchemaState, known: number, path: string): void {
  if (state.version > known) {
    throw new StoreError(
      'store_version_newer',
      path,
      `${path} has store schema version ${state.version}, but this build of compactkit knows versions up to ${known}; upgrade compactkit to open it (the file was not changed)`,
    );
  }
  if (state.foreign) {
    throw new StoreError(
      'store_foreign_database',
      path,
      `${path} is a SQLite database of another program (it has tables but no schema_migrations); pass the path of a compactkit store or of a new file`,
    );
  }
}

/**
 * Applies every migration newer than the file's version, each in its own IMMEDIATE transaction so that two
 * processes opening a new file at once do not both apply it: the second waits for the lock, sees the version
 * row and skips. `onApplied` hears of each migration this call applied (not one another process did).
 */
export function runMigrations(
  database: Database.Database,
  list: readonly Migration[],
  path: string,
  onApplied?: (migration: Migration) => void,
): number {
  checkOrder(list);
  database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const current = database.prepare('SELECT max(version) FROM schema_migrations').pluck();
  const stamp = database.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  for (const migration of list) {
    const apply = database.transaction(() => {
      const version = (current.get() as number | null) ?? 0;
      if (version >= migration.version) return false;
      migration.up(database);
      stamp.run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    if (apply.immediate() === true) onApplied?.(migration);
  }
  const version = (current.get() as number | null) ?? 0;
  // Another process may have stamped a newer version between our check and now.
  assertSchemaUsable({ version, foreign: false }, list.at(-1)?.version ?? 0, path);
  return version;
}

/** Guards against a migration list edited by hand into the wrong order: versions must be 1, 2, 3, … */
function checkOrder(list: readonly Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migration ${migration.name} has version ${migration.version}, expected ${index + 1}`);
    }
  });
}
