import type Database from 'better-sqlite3';
import { fromJsonText, toJsonText, toOptionalJsonText } from './json-text.js';
import type { ArtifactRecord, CaseInput, CaseRecord, CaseStatus, StoredError } from './types.js';

/** Writes one validated case and its children; the caller holds the transaction. */
export type CaseWriter = (runId: string, record: CaseInput) => void;

/** Prepares the inserts of a case once, for every case written through this connection. */
export function createCaseWriter(database: Database.Database): CaseWriter {
  const insertCase = database.prepare(
    'INSERT INTO cases (run_id, case_key, status, error_json, data_json, written_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertCycle = database.prepare(
    'INSERT INTO cycles (run_id, case_key, cycle, data_json) VALUES (?, ?, ?, ?)',
  );
  const insertArtifact = database.prepare(
    `INSERT INTO artifacts (run_id, case_key, cycle, method, artifact_json, tokens)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertItemResponse = database.prepare(
    `INSERT INTO item_responses (run_id, case_key, cycle, item_key, prompt, response, data_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVerdict = database.prepare(
    `INSERT INTO verdicts (run_id, case_key, cycle, item_key, score, violation, reason, data_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (runId, record) => {
    const key = record.caseKey;
    insertCase.run(
      runId,
      key,
      record.status,
      toOptionalJsonText(record.error, 'case.error'),
      toOptionalJsonText(record.data, 'case.data'),
      record.writtenAt ?? new Date().toISOString(),
    );
    (record.cycles ?? []).forEach((cycle, index) => {
      insertCycle.run(runId, key, cycle.cycle, toOptionalJsonText(cycle.data, `case.cycles[${index}].data`));
    });
    (record.artifacts ?? []).forEach((artifact, index) => {
      const json = toJsonText(artifact.artifact, `case.artifacts[${index}].artifact`);
      insertArtifact.run(runId, key, artifact.cycle, artifact.method, json, artifact.tokens ?? null);
    });
    (record.itemResponses ?? []).forEach((item, index) => {
      const data = toOptionalJsonText(item.data, `case.itemResponses[${index}].data`);
      insertItemResponse.run(runId, key, item.cycle, item.itemKey, item.prompt, item.response ?? null, data);
    });
    (record.verdicts ?? []).forEach((verdict, index) => {
      const data = toOptionalJsonText(verdict.data, `case.verdicts[${index}].data`);
      // SQLite has no boolean: violation is stored as 0 or 1.
      const violation = verdict.violation ? 1 : 0;
      insertVerdict.run(
        runId,
        key,
        verdict.cycle,
        verdict.itemKey,
        verdict.score,
        violation,
        verdict.reason ?? null,
        data,
      );
    });
  };
}

interface CaseRow {
  case_key: string;
  status: string;
  error_json: string | null;
  data_json: string | null;
  written_at: string;
}

interface ChildRow {
  case_key: string;
  cycle: number;
  method: string;
  artifact_json: string;
  tokens: number | null;
  item_key: string;
  prompt: string;
  response: string | null;
  score: number;
  violation: number;
  reason: string | null;
  data_json: string | null;
}

/** Reads every case of a run with its children, cases and children in the order they were written. */
export function readCases(
  database: Database.Database,
  runId: string,
  options: { artifacts?: boolean } = {},
): CaseRecord[] {
  const cases = new Map<string, CaseRecord>();
  const caseRows = database
    .prepare<[string], CaseRow>('SELECT * FROM cases WHERE run_id = ? ORDER BY rowid')
    .all(runId);
  for (const row of caseRows) {
    const record: CaseRecord = {
      caseKey: row.case_key,
      status: row.status as CaseStatus,
      writtenAt: row.written_at,
      cycles: [],
      artifacts: [],
      itemResponses: [],
      verdicts: [],
    };
    if (row.error_json !== null) record.error = fromJsonText(row.error_json) as StoredError;
    if (row.data_json !== null) record.data = fromJsonText(row.data_json);
    cases.set(row.case_key, record);
  }
  const children = (table: string) =>
    database
      .prepare<[string], ChildRow>(`SELECT * FROM ${table} WHERE run_id = ? ORDER BY rowid`)
      .all(runId)
      .map((row) => ({ row, owner: cases.get(row.case_key)! }));
  for (const { row, owner } of children('cycles')) {
    owner.cycles.push(withData({ cycle: row.cycle }, row.data_json));
  }
  // Artifacts are the bulk of a run (an oracle keeps whole transcripts); scoring never needs them.
  for (const { row, owner } of options.artifacts === false ? [] : children('artifacts')) {
    const artifact = { cycle: row.cycle, method: row.method, artifact: fromJsonText(row.artifact_json) };
    owner.artifacts.push(row.tokens === null ? artifact : { ...artifact, tokens: row.tokens });
  }
  for (const { row, owner } of children('item_responses')) {
    const item = { cycle: row.cycle, itemKey: row.item_key, prompt: row.prompt };
    owner.itemResponses.push(
      withData(row.response === null ? item : { ...item, response: row.response }, row.data_json),
    );
  }
  for (const { row, owner } of children('verdicts')) {
    const verdict = {
      cycle: row.cycle,
      itemKey: row.item_key,
      score: row.score,
      violation: row.violation === 1,
    };
    owner.verdicts.push(
      withData(row.reason === null ? verdict : { ...verdict, reason: row.reason }, row.data_json),
    );
  }
  return [...cases.values()];
}

/**
 * Calls `visit` with each stored artifact of a run, one row at a time in the order written, so that a reader of
 * artifacts (retention) never holds a whole run's artifacts in memory.
 */
export function eachArtifact(
  database: Database.Database,
  runId: string,
  visit: (caseKey: string, artifact: ArtifactRecord) => void,
): void {
  const rows = database
    .prepare<[string], ChildRow>('SELECT * FROM artifacts WHERE run_id = ? ORDER BY rowid')
    .iterate(runId);
  for (const row of rows) {
    const artifact = { cycle: row.cycle, method: row.method, artifact: fromJsonText(row.artifact_json) };
    visit(row.case_key, row.tokens === null ? artifact : { ...artifact, tokens: row.tokens });
  }
}

function withData<T extends object>(record: T, dataJson: string | null): T & { data?: unknown } {
  return dataJson === null ? record : { ...record, data: fromJsonText(dataJson) };
}
