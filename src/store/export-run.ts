import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CompactkitError } from '../errors.js';
import { runFileLines } from './run-file-lines.js';
import type { Store } from './types.js';

/** Where `exportRun` writes: a file path, or any writable stream (left open). */
export type ExportRunTarget = string | Writable;

/** What `exportRun` wrote. */
export interface ExportRunResult {
  runId: string;
  /** Lines written, header and end line included. */
  lines: number;
}

/**
 * Writes a whole run as JSONL: a header line `{"type":"header","format":"compactkit-run","version":1}`, then
 * one JSON object per line with a `type` (`run`, `case`, `cycle`, `artifact`, `item_response`, `verdict`,
 * `evaluation_row`, `probe_result`, `llm_call`), then an `end` line. The same run always gives the same bytes.
 * A file path is written to a temporary file and renamed, so it never holds half an export.
 * @throws StoreError `store_run_not_found`; CompactkitError `io_error` when the file cannot be written.
 */
export async function exportRun(
  store: Store,
  runId: string,
  target: ExportRunTarget,
): Promise<ExportRunResult> {
  const lines = runFileLines(store.readRun(runId)).map((line) => `${JSON.stringify(line)}\n`);
  if (typeof target !== 'string') {
    await writeLines(target, lines);
    return { runId, lines: lines.length };
  }
  const temporary = `${target}.${process.pid}.partial`;
  const stream = createWriteStream(temporary);
  try {
    await writeLines(stream, lines);
    stream.end();
    await finished(stream);
    await rename(temporary, target);
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot write ${target}: ${reason}`, { cause: error });
  }
  return { runId, lines: lines.length };
}

async function writeLines(stream: Writable, lines: readonly string[]): Promise<void> {
  // Batches keep the number of writes small; waiting for `drain` keeps memory flat on a slow target.
  const batchSize = 256;
  for (let start = 0; start < lines.length; start += batchSize) {
    if (!stream.write(lines.slice(start, start + batchSize).join(''))) await once(stream, 'drain');
  }
}
