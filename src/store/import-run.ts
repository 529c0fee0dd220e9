import { readFile } from 'node:fs/promises';
import { CompactkitError } from '../errors.js';
import { parseRunFile } from './parse-run-file.js';
import { StoreError } from './store-error.js';
import type { Store } from './types.js';

/** What `importRun` added. */
export interface ImportRunResult {
  runId: string;
  cases: number;
  llmCalls: number;
}

/**
 * Reads a run export (see `exportRun`) into the store in one transaction: all of it or nothing. Every line is
 * checked before anything is written.
 * @throws ValidationError naming `file.jsonl:LINE` and the field for a malformed line, a wrong field, an
 * unknown format version or a file cut short; StoreError `store_run_exists` when the store already has the
 * run (nothing is changed); CompactkitError `io_error` when the file cannot be read.
 */
export async function importRun(store: Store, path: string): Promise<ImportRunResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read run export ${path}: ${reason}`, { cause: error });
  }
  const contents = parseRunFile(text, path);
  const runId = contents.run.id;
  try {
    store.insertRun(contents);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'store_run_exists') {
      throw new StoreError(
        'store_run_exists',
        store.path,
        `cannot import ${path}: run "${runId}" already exists in ${store.path}; nothing was imported (import into another database with --db PATH)`,
        { cause: error },
      );
    }
    throw error;
  }
  return { runId, cases: contents.cases.length, llmCalls: contents.llmCalls.length };
}
