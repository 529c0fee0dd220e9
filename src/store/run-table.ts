import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { fromJsonText, toJsonText } from './json-text.js';
import {
  newRunSchema,
  runFilterSchema,
  runKindSchema,
  runStatusSchema,
  timestampSchema,
} from './record-schemas.js';
import { StoreError } from './store-error.js';
import type { NewRun, RunFilter, RunRecord, RunStore } from './types.js';
import { validateInput } from './validate-input.js';

const versionsSchema = z.record(z.string(), z.string());

/** A row of `runs` as SQLite returns it. */
export interface RunRow {
  id: string;
  kind: string;
  fingerprint: string;
  config_json: string;
  versions_json: string;
  status: string;
  created_at: string;
  finished_at: string | null;
}

/** Turns a `runs` row into a record. */
export function runFromRow(row: RunRow): RunRecord {
  // Parsed, not cast: a row another program wrote fails naming the run, not later in a reader.
  const where = `run ${row.id}`;
  const record: RunRecord = {
    id: row.id,
    kind: validateInput(runKindSchema, row.kind, 'kind', where),
    fingerprint: row.fingerprint,
    config: fromJsonText(row.config_json),
    versions: validateInput(versionsSchema, fromJsonText(row.versions_json), 'versions', where),
    status: validateInput(runStatusSchema, row.status, 'status', where),
    createdAt: row.created_at,
  };
  if (row.finished_at !== null) record.finishedAt = row.finished_at;
  return record;
}

/** Inserts a run row as given (status and times included); used by `create` and by `insertRun`. */
export function insertRunRow(database: Database.Database, path: string, run: RunRecord): void {
  const exists = database.prepare('SELECT 1 FROM runs WHERE id = ?').get(run.id);
  if (exists) {
    throw new StoreError(
      'store_run_exists',
      path,
      `run "${run.id}" already exists in ${path}; pick another id or another database (--db PATH)`,
    );
  }
  database
    .prepare(
      `INSERT INTO runs (id, kind, fingerprint, config_json, versions_json, status, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      run.id,
      run.kind,
      run.fingerprint,
      toJsonText(run.config, 'run.config'),
      toJsonText(run.versions, 'run.versions'),
      run.status,
      run.createdAt,
      run.finishedAt ?? null,
    );
}

/** The `runs` table behind `store.runs`; `write` wraps each write in an IMMEDIATE transaction. */
export function createRunStore(
  database: Database.Database,
  path: string,
  write: <T>(action: string, body: () => T) => T,
): RunStore {
  const select = database.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?');
  const get = (id: string): RunRecord | undefined => {
    const row = select.get(id);
    return row ? runFromRow(row) : undefined;
  };
  return {
    create(input: NewRun): RunRecord {
      const parsed = validateInput(newRunSchema, input, 'run');
      const run: RunRecord = {
        id: parsed.id ?? randomUUID(),
        kind: parsed.kind,
        fingerprint: parsed.fingerprint,
        config: parsed.config,
        versions: parsed.versions,
        status: 'running',
        createdAt: parsed.createdAt ?? new Date().toISOString(),
      };
      write(`cannot create run "${run.id}"`, () => insertRunRow(database, path, run));
      return run;
    },
    get,
    list(filter: RunFilter = {}): RunRecord[] {
      validateInput(runFilterSchema, filter, 'filter');
      const conditions: string[] = [];
      const values: (string | number)[] = [];
      for (const [column, value] of [
        ['kind', filter.kind],
        ['status', filter.status],
        ['fingerprint', filter.fingerprint],
      ] as const) {
        if (value === undefined) continue;
        conditions.push(`${column} = ?`);
        values.push(value);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const limit = filter.limit === undefined ? '' : 'LIMIT ?';
      if (filter.limit !== undefined) values.push(filter.limit);
      const rows = database
        .prepare<unknown[], RunRow>(
          `SELECT * FROM runs ${where} ORDER BY created_at DESC, rowid DESC ${limit}`,
        )
        .all(...values);
      return rows.map(runFromRow);
    },
    finish(id, status, finishedAt = new Date().toISOString()): RunRecord {
      validateInput(runStatusSchema.exclude(['running']), status, 'status');
      validateInput(timestampSchema, finishedAt, 'finishedAt');
      return write(`cannot finish run "${id}"`, () => {
        const changed = database
          .prepare('UPDATE runs SET status = ?, finished_at = ? WHERE id = ?')
          .run(status, finishedAt, id).changes;
        if (changed === 0) throw runNotFound(path, id);
        return get(id)!;
      });
    },
  };
}

/** The error for an unknown run id. */
export function runNotFound(path: string, id: string): StoreError {
  return new StoreError(
    'store_run_not_found',
    path,
    `no run "${id}" in ${path}; create it with store.runs.create first, or list the runs to find its id`,
  );
}
