import { StoreError } from './store-error.js';

/** How long a connection waits for another process's write lock before giving up. */
export const busyTimeoutMs = 5_000;

/**
 * Turns a better-sqlite3 error into a StoreError that names the file and the action; other errors (our own
 * ValidationError and StoreError) pass through unchanged.
 */
export function translateSqliteError(error: unknown, path: string, action: string): unknown {
  if (!isSqliteError(error)) return error;
  const code = error.code;
  const options = { cause: error };
  if (code === 'SQLITE_NOTADB') {
    return new StoreError(
      'store_not_database',
      path,
      `${path} is not a SQLite database, so it cannot be a compactkit store; pass the path of a store or of a new file`,
      options,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreError(
      'store_busy',
      path,
      `${action}: ${path} stayed locked by another process for more than ${busyTimeoutMs / 1000} s; try again when it has finished`,
      options,
    );
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return new StoreError(
      'store_readonly',
      path,
      `${action}: ${path} is open read-only; open it without readonly to write`,
      options,
    );
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    return new StoreError(
      'store_conflict',
      path,
      `${action}: ${error.message}; nothing was written`,
      options,
    );
  }
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return new StoreError('store_open_failed', path, `cannot open ${path}: ${error.message}`, options);
  }
  return new StoreError('store_failed', path, `${action}: ${path}: ${error.message}`, options);
}

/** better-sqlite3's SqliteError, told by its name and code so the native addon is not loaded to check. */
function isSqliteError(error: unknown): error is Error & { code: string } {
  return (
    error instanceof Error &&
    error.name === 'SqliteError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
