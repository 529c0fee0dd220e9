import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { cannotShareWal, copyToSnapshot } from './read-only-snapshot.js';
import { assertSchemaUsable, readSchemaState, runMigrations } from './run-migrations.js';
import { busyTimeoutMs, translateSqliteError } from './sqlite-error.js';
import { createSqliteStore } from './sqlite-store.js';
import { StoreError } from './store-error.js';
import type { Store } from './types.js';

/** Where the store lives when no path is given, relative to the working directory. */
export const defaultStorePath = join('.compactkit', 'compactkit.db');

/** Options of `openStore`. */
export interface OpenStoreOptions {
  /** The database file; defaults to `.compactkit/compactkit.db` (its directory is created). `:memory:` works. */
  path?: string;
  /**
   * Open for reading only: nothing is created, and writes throw `store_readonly`. A file of an older schema is
   * migrated first (the only write), so that every older store still reads; a store in a folder the user cannot
   * write is read from a private temporary copy, removed on `close()`.
   */
  readonly?: boolean;
}

/**
 * Opens (creating and migrating if needed) the results database.
 *
 * The file runs in WAL mode, so readers never block the writer, with `synchronous = NORMAL`: in WAL mode that
 * never corrupts the file, and a commit survives the process being killed; only a power cut or OS crash can
 * lose the last few commits. A second process waits up to 5 s for the write lock instead of failing.
 * @example
 * const store = openStore({ path: 'results.db' });
 * const run = store.runs.create({ kind: 'bench', fingerprint, config, versions: { suite: '1.0.0' } });
 * @throws StoreError: `store_version_newer` for a file from a newer compactkit (left untouched),
 * `store_not_database` / `store_foreign_database` for a file that is not a compactkit store,
 * `store_open_failed` when the file or its directory cannot be opened or created.
 */
export function openStore(options: OpenStoreOptions = {}): Store {
  const path = options.path ?? defaultStorePath;
  const readonly = options.readonly ?? false;
  if (path !== ':memory:' && !readonly) createDirectory(path);
  let database = openFile(path, readonly);
  let snapshot: string | undefined;
  try {
    database.pragma('foreign_keys = ON');
    const known = migrations.at(-1)?.version ?? 0;
    // Read before writing anything: a refused file must keep its bytes, and switching to WAL rewrites the header.
    let state: ReturnType<typeof readSchemaState>;
    try {
      state = readSchemaState(database);
    } catch (error) {
      // A read-only folder: SQLite cannot create the WAL index beside the file, so read a private copy.
      if (!readonly || !cannotShareWal(error)) throw error;
      database.close();
      const copy = copyToSnapshot(path);
      snapshot = copy.directory;
      database = openFile(copy.file, true, path);
      state = readSchemaState(database);
    }
    assertSchemaUsable(state, known, path);
    let version = state.version;
    if (readonly) {
      if (version > 0 && version < known) {
        // An older file is brought up to date first, the one write a read-only open makes: a migration keeps
        // every row and every score, and the reader then needs only this build's layout.
        database.close();
        try {
          openStore({ path }).close();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new StoreError(
            'store_open_failed',
            path,
            `${path} has store schema version ${version}, this build reads ${known} and could not migrate it: ${reason}`,
            { cause: error },
          );
        }
        return openStore({ path, readonly: true });
      }
      if (version < known) {
        throw new StoreError(
          'store_open_failed',
          path,
          `${path} has store schema version ${version}, this build needs ${known}; open it once without readonly so it can be migrated`,
        );
      }
    } else {
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      let packedTexts = false;
      version = runMigrations(database, migrations, path, (migration) => {
        packedTexts ||= migration.version === 2 && state.version === 1;
      });
      // Schema 2 moved every text of a schema-1 file into compressed packs: give the freed pages back once.
      if (packedTexts) database.exec('VACUUM');
    }
    const removeSnapshot = snapshot === undefined ? undefined : removeFolder(snapshot);
    return createSqliteStore(database, {
      path,
      readonly,
      schemaVersion: version,
      ...(removeSnapshot === undefined ? {} : { onClose: removeSnapshot }),
    });
  } catch (error) {
    database.close();
    if (snapshot !== undefined) rmSync(snapshot, { recursive: true, force: true });
    throw translateSqliteError(error, path, `cannot open ${path}`);
  }
}

/** Opens the SQLite file; `shownPath` names the store in errors when `file` is a private copy of it. */
function openFile(file: string, readonly: boolean, shownPath = file): Database.Database {
  try {
    // Loaded on first use: finding and loading the native addon costs the package root's import ~100 ms.
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
    return new Sqlite(file, { readonly, fileMustExist: readonly, timeout: busyTimeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError('store_open_failed', shownPath, `cannot open ${shownPath}: ${reason}`, {
      cause: error,
    });
  }
}

function removeFolder(directory: string): () => void {
  return () => rmSync(directory, { recursive: true, force: true });
}

function createDirectory(path: string): void {
  const directory = dirname(path);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError(
      'store_open_failed',
      path,
      `cannot create the directory ${directory} for ${path}: ${reason}`,
      {
        cause: error,
      },
    );
  }
}
