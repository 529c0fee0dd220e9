import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * True for the errors SQLite gives a read-only connection to a WAL-mode file it cannot share: the folder is
 * read-only (no `-shm` index can be created beside the file), or the index exists but cannot be opened.
 */
export function cannotShareWal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
  );
}

/**
 * Copies a store file (and its `-wal`, which holds commits not yet in the file) to a new temporary folder, so
 * a store in a folder the user cannot write can still be read: SQLite needs to create the WAL index beside the
 * file, and `immutable` URIs are not available through better-sqlite3. Nothing can be writing the original
 * meanwhile, since a writer needs that same folder. Returns the folder; the caller removes it on close.
 */
export function copyToSnapshot(path: string): { directory: string; file: string } {
  const directory = mkdtempSync(join(tmpdir(), 'compactkit-read-only-'));
  const file = join(directory, 'store.db');
  try {
    copyFileSync(path, file);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${file}-wal`);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return { directory, file };
}
