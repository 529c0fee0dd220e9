import type Database from 'better-sqlite3';
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { createCaseWriter, eachArtifact, readCases } from './case-rows.js';
import { fromJsonText, toJsonText } from './json-text.js';
import { createCallWriter, createLlmCallStore, selectCalls } from './llm-call-table.js';
import {
  caseInputSchema,
  evaluationRowSchema,
  probeResultSchema,
  runRecordSchema,
} from './record-schemas.js';
import { createRunStore, insertRunRow, type RunRow, runFromRow, runNotFound } from './run-table.js';
import { translateSqliteError } from './sqlite-error.js';
import { StoreError } from './store-error.js';
import type { CaseStatus, RunContents, Store } from './types.js';
import { validateInput } from './validate-input.js';

const integrityRowsSchema = z.array(z.object({ integrity_check: z.string() }));
const orphanRowsSchema = z.array(z.object({ table: z.string(), parent: z.string() }));

/** Builds the Store API over an open, migrated connection. */
export function createSqliteStore(
  database: Database.Database,
  options: { path: string; readonly: boolean; schemaVersion: number; onClose?: () => void },
): Store {
  const { path } = options;
  const checkOpen = () => {
    if (!database.open) throw new StoreError('store_failed', path, `the store ${path} is closed`);
  };
  // IMMEDIATE takes the write lock up front, so a busy file makes us wait (busy timeout) at the start
  // instead of failing at the first write of a transaction that began as a reader.
  const write = <T>(action: string, body: () => T): T => {
    checkOpen();
    try {
      return database.transaction(body).immediate();
    } catch (error) {
      throw translateSqliteError(error, path, action);
    }
  };
  // Several SELECTs in one transaction see one snapshot, even while another process writes.
  const read = <T>(action: string, body: () => T): T => {
    checkOpen();
    try {
      return database.transaction(body).deferred();
    } catch (error) {
      throw translateSqliteError(error, path, action);
    }
  };
  const writeCaseRows = createCaseWriter(database);
  const writeCall = createCallWriter(database, path);
  const runExists = database.prepare<[string]>('SELECT 1 FROM runs WHERE id = ?');
  const requireRun = (runId: string) => {
    if (!runExists.get(runId)) throw runNotFound(path, runId);
  };
  const deleteFailedCase = database.prepare<[string, string]>(
    "DELETE FROM cases WHERE run_id = ? AND case_key = ? AND status = 'failed'",
  );
  const insertRow = database.prepare(
    'INSERT INTO evaluation_rows (run_id, row_key, data_json) VALUES (?, ?, ?)',
  );
  const insertProbe = database.prepare(
    'INSERT INTO probe_results (run_id, session_key, probe_key, data_json) VALUES (?, ?, ?, ?)',
  );

  return {
    path,
    readonly: options.readonly,
    schemaVersion: options.schemaVersion,
    runs: createRunStore(database, path, write),
    llmCalls: createLlmCallStore(database, path, write),
    writeCase(runId, record, options) {
      const parsed = validateInput(caseInputSchema, record, 'case');
      write(`cannot write case "${parsed.caseKey}" of run "${runId}"`, () => {
        requireRun(runId);
        // Same transaction: a retried case replaces its failed record, or nothing changes.
        if (options?.replaceFailed === true) deleteFailedCase.run(runId, parsed.caseKey);
        writeCaseRows(runId, parsed);
      });
    },
    caseStatuses(runId) {
      return read(`cannot read run "${runId}"`, () =>
        database
          .prepare<[string], { caseKey: string; status: CaseStatus }>(
            'SELECT case_key AS caseKey, status FROM cases WHERE run_id = ? ORDER BY rowid',
          )
          .all(runId),
      );
    },
    caseKeys(runId) {
      return read(`cannot read run "${runId}"`, () =>
        database
          .prepare<[string], string>('SELECT case_key FROM cases WHERE run_id = ? ORDER BY rowid')
          .pluck()
          .all(runId),
      );
    },
    writeEvaluationRow(runId, row) {
      const parsed = validateInput(evaluationRowSchema, row, 'evaluationRow');
      const data = toJsonText(parsed.data, 'evaluationRow.data');
      write(`cannot write evaluation row "${parsed.rowKey}" of run "${runId}"`, () => {
        requireRun(runId);
        insertRow.run(runId, parsed.rowKey, data);
      });
    },
    writeProbeResult(runId, result) {
      const parsed = validateInput(probeResultSchema, result, 'probeResult');
      const data = toJsonText(parsed.data, 'probeResult.data');
      write(`cannot write probe result "${parsed.probeKey}" of run "${runId}"`, () => {
        requireRun(runId);
        insertProbe.run(runId, parsed.sessionKey, parsed.probeKey, data);
      });
    },
    readRun(runId) {
      return read(`cannot read run "${runId}"`, () => readContents(database, path, runId));
    },
    readCases(runId, options) {
      return read(`cannot read run "${runId}"`, () => {
        requireRun(runId);
        return readCases(database, path, runId, options);
      });
    },
    eachArtifact(runId, visit) {
      read(`cannot read the artifacts of run "${runId}"`, () => {
        requireRun(runId);
        eachArtifact(database, path, runId, visit);
      });
    },
    insertRun(contents) {
      const run = validateInput(runRecordSchema, contents.run, 'run');
      const cases = contents.cases.map((record, index) =>
        validateInput(caseInputSchema, record, `cases[${index}]`),
      );
      const rows = contents.evaluationRows.map((row, index) =>
        validateInput(evaluationRowSchema, row, `evaluationRows[${index}]`),
      );
      const probes = contents.probeResults.map((result, index) =>
        validateInput(probeResultSchema, result, `probeResults[${index}]`),
      );
      contents.llmCalls.forEach((call, index) => {
        if (call.runId !== run.id) {
          const message = `expected "${run.id}" (the run being inserted), got ${JSON.stringify(call.runId)}`;
          throw new ValidationError([{ where: `llmCalls[${index}].runId`, message }]);
        }
      });
      write(`cannot insert run "${run.id}"`, () => {
        insertRunRow(database, path, run);
        for (const record of cases) writeCaseRows(run.id, record);
        rows.forEach((row, index) => {
          insertRow.run(run.id, row.rowKey, toJsonText(row.data, `evaluationRows[${index}].data`));
        });
        probes.forEach((probe, index) => {
          const data = toJsonText(probe.data, `probeResults[${index}].data`);
          insertProbe.run(run.id, probe.sessionKey, probe.probeKey, data);
        });
        for (const call of contents.llmCalls) writeCall(call);
      });
    },
    checkIntegrity() {
      return read('cannot check integrity', () => {
        const problems = integrityRowsSchema.parse(database.pragma('integrity_check', { simple: false }));
        const messages = problems.map((row) => row.integrity_check).filter((message) => message !== 'ok');
        const orphans = orphanRowsSchema.parse(database.pragma('foreign_key_check', { simple: false }));
        for (const orphan of orphans)
          messages.push(`a row of ${orphan.table} points to a missing ${orphan.parent}`);
        return messages;
      });
    },
    close() {
      if (database.open) database.close();
      options.onClose?.();
    },
  };
}

function readContents(database: Database.Database, path: string, runId: string): RunContents {
  const row = database.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?').get(runId);
  if (!row) throw runNotFound(path, runId);
  const evaluationRows = database
    .prepare<[string], { row_key: string; data_json: string }>(
      'SELECT row_key, data_json FROM evaluation_rows WHERE run_id = ? ORDER BY rowid',
    )
    .all(runId)
    .map((item) => ({ rowKey: item.row_key, data: fromJsonText(item.data_json) }));
  const probeResults = database
    .prepare<[string], { session_key: string; probe_key: string; data_json: string }>(
      'SELECT session_key, probe_key, data_json FROM probe_results WHERE run_id = ? ORDER BY rowid',
    )
    .all(runId)
    .map((item) => ({
      sessionKey: item.session_key,
      probeKey: item.probe_key,
      data: fromJsonText(item.data_json),
    }));
  return {
    run: runFromRow(row),
    cases: readCases(database, path, runId),
    evaluationRows,
    probeResults,
    llmCalls: selectCalls(database, path, { runId }),
  };
}
