import type Database from 'better-sqlite3';
import { fromJsonText, toJsonText, toOptionalJsonText } from './json-text.js';
import { caseStatusSchema, storedErrorSchema } from './record-schemas.js';
import { createTextReader, createTextWriter } from './text-packs.js';
import type { ArtifactRecord, CaseInput, CaseRecord } from './types.js';
import { validateInput } from './validate-input.js';

/** Writes one validated case and its children; the caller holds the transaction. */
export type CaseWriter = (runId: string, record: CaseInput) => void;

/**
 * Prepares the inserts of a case once, for every case written through this connection. A case's texts go
 * into at most two packs: one for its records (data, prompts, responses, reasons), one for its artifacts, so
 * reading the scores of a run never inflates an artifact.
 */
export function createCaseWriter(database: Database.Database): CaseWriter {
  const writeTexts = createTextWriter(database);
  const insertCase = database.prepare(
    'INSERT INTO cases (run_id, case_key, status, error_json, data_text, written_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertCycle = database.prepare('INSERT INTO cycles (case_id, cycle, data_text) VALUES (?, ?, ?)');
  const insertArtifact = database.prepare(
    'INSERT INTO artifacts (case_id, cycle, method, artifact_text, tokens) VALUES (?, ?, ?, ?, ?)',
  );
  const insertItemResponse = database.prepare(
    `INSERT INTO item_responses (case_id, cycle, item_key, prompt_text, response_text, data_text)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertVerdict = database.prepare(
    `INSERT INTO verdicts (case_id, cycle, item_key, score, violation, reason_text, data_text)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const texts = (values: readonly (string | null)[]): (number | null)[] => {
    const ids = writeTexts(values.filter((value): value is string => value !== null));
    let next = 0;
    return values.map((value) => (value === null ? null : (ids[next++] ?? null)));
  };
  return (runId, record) => {
    const cycles = record.cycles ?? [];
    const items = record.itemResponses ?? [];
    const verdicts = record.verdicts ?? [];
    const artifacts = record.artifacts ?? [];
    // Serialised first (each with its field path for errors), then stored in one pack.
    const [caseData, ...rest] = texts([
      toOptionalJsonText(record.data, 'case.data'),
      ...cycles.map((cycle, index) => toOptionalJsonText(cycle.data, `case.cycles[${index}].data`)),
      ...items.flatMap((item, index) => [
        item.prompt,
        item.response ?? null,
        toOptionalJsonText(item.data, `case.itemResponses[${index}].data`),
      ]),
      ...verdicts.flatMap((verdict, index) => [
        verdict.reason ?? null,
        toOptionalJsonText(verdict.data, `case.verdicts[${index}].data`),
      ]),
    ]);
    const artifactIds = texts(
      artifacts.map((artifact, index) => toJsonText(artifact.artifact, `case.artifacts[${index}].artifact`)),
    );
    const caseId = insertCase.run(
      runId,
      record.caseKey,
      record.status,
      toOptionalJsonText(record.error, 'case.error'),
      caseData ?? null,
      record.writtenAt ?? new Date().toISOString(),
    ).lastInsertRowid;
    let next = 0;
    const take = () => rest[next++] ?? null;
    for (const cycle of cycles) insertCycle.run(caseId, cycle.cycle, take());
    for (const item of items)
      insertItemResponse.run(caseId, item.cycle, item.itemKey, take(), take(), take());
    for (const verdict of verdicts) {
      // SQLite has no boolean: violation is stored as 0 or 1.
      insertVerdict.run(
        caseId,
        verdict.cycle,
        verdict.itemKey,
        verdict.score,
        verdict.violation ? 1 : 0,
        take(),
        take(),
      );
    }
    artifacts.forEach((artifact, index) => {
      insertArtifact.run(
        caseId,
        artifact.cycle,
        artifact.method,
        artifactIds[index],
        artifact.tokens ?? null,
      );
    });
  };
}

interface CaseRow {
  id: number;
  case_key: string;
  status: string;
  error_json: string | null;
  data_text: number | null;
  written_at: string;
}

interface ChildRow {
  case_id: number;
  cycle: number;
  method: string;
  artifact_text: number;
  tokens: number | null;
  item_key: string;
  prompt_text: number;
  response_text: number | null;
  score: number;
  violation: number;
  reason_text: number | null;
  data_text: number | null;
}

/**
 * Reads every case of a run with its children, cases and children in the order they were written. Stored
 * values are parsed, not trusted: a status or error that does not fit the schema throws, naming the case.
 */
export function readCases(
  database: Database.Database,
  path: string,
  runId: string,
  options: { artifacts?: boolean } = {},
): CaseRecord[] {
  const reader = createTextReader(database, path);
  const caseRows = database
    .prepare<[string], CaseRow>('SELECT * FROM cases WHERE run_id = ? ORDER BY id')
    .all(runId);
  const children = (table: string) => {
    const byCase = new Map<number, ChildRow[]>();
    const rows = database
      .prepare<[string], ChildRow>(
        `SELECT child.* FROM ${table} AS child JOIN cases ON cases.id = child.case_id
         WHERE cases.run_id = ? ORDER BY child.rowid`,
      )
      .all(runId);
    for (const row of rows) {
      const list = byCase.get(row.case_id);
      if (list === undefined) byCase.set(row.case_id, [row]);
      else list.push(row);
    }
    return byCase;
  };
  const cycles = children('cycles');
  // Artifacts are the bulk of a run (an oracle keeps whole transcripts); scoring never needs them.
  const artifacts = options.artifacts === false ? new Map<number, ChildRow[]>() : children('artifacts');
  const responses = children('item_responses');
  const verdicts = children('verdicts');
  return caseRows.map((row) => {
    const where = `case ${row.case_key}`;
    const cycleRows = cycles.get(row.id) ?? [];
    const artifactRows = artifacts.get(row.id) ?? [];
    const responseRows = responses.get(row.id) ?? [];
    const verdictRows = verdicts.get(row.id) ?? [];
    // One read per case: its texts share one or two packs, each inflated once.
    const values = reader.read([
      row.data_text,
      ...cycleRows.map((child) => child.data_text),
      ...artifactRows.map((child) => child.artifact_text),
      ...responseRows.flatMap((child) => [child.prompt_text, child.response_text, child.data_text]),
      ...verdictRows.flatMap((child) => [child.reason_text, child.data_text]),
    ]);
    let next = 0;
    const take = () => values[next++] ?? null;
    const json = (text: string | null) => (text === null ? {} : { data: fromJsonText(text) });
    const record: CaseRecord = {
      caseKey: row.case_key,
      status: validateInput(caseStatusSchema, row.status, 'status', where),
      writtenAt: row.written_at,
      cycles: [],
      artifacts: [],
      itemResponses: [],
      verdicts: [],
    };
    if (row.error_json !== null) {
      record.error = validateInput(storedErrorSchema, fromJsonText(row.error_json), 'error', where);
    }
    const caseData = take();
    if (caseData !== null) record.data = fromJsonText(caseData);
    for (const child of cycleRows) record.cycles.push({ cycle: child.cycle, ...json(take()) });
    for (const child of artifactRows) {
      const artifact = { cycle: child.cycle, method: child.method, artifact: fromJsonText(take() ?? 'null') };
      record.artifacts.push(child.tokens === null ? artifact : { ...artifact, tokens: child.tokens });
    }
    for (const child of responseRows) {
      const prompt = take() ?? '';
      const response = take();
      record.itemResponses.push({
        cycle: child.cycle,
        itemKey: child.item_key,
        prompt,
        ...(response === null ? {} : { response }),
        ...json(take()),
      });
    }
    for (const child of verdictRows) {
      const reason = take();
      record.verdicts.push({
        cycle: child.cycle,
        itemKey: child.item_key,
        score: child.score,
        violation: child.violation === 1,
        ...(reason === null ? {} : { reason }),
        ...json(take()),
      });
    }
    return record;
  });
}

/**
 * Calls `visit` with each stored artifact of a run, case by case in the order written, so that a reader of
 * artifacts (retention) never holds a whole run's artifacts in memory; each case's pack is inflated once.
 */
export function eachArtifact(
  database: Database.Database,
  path: string,
  runId: string,
  visit: (caseKey: string, artifact: ArtifactRecord) => void,
): void {
  const reader = createTextReader(database, path);
  const rows = database
    .prepare<[string], ChildRow & { case_key: string }>(
      `SELECT child.*, cases.case_key AS case_key FROM artifacts AS child JOIN cases ON cases.id = child.case_id
       WHERE cases.run_id = ? ORDER BY cases.id, child.rowid`,
    )
    .all(runId);
  let start = 0;
  while (start < rows.length) {
    let end = start;
    while (end < rows.length && rows[end]?.case_id === rows[start]?.case_id) end++;
    const group = rows.slice(start, end);
    const texts = reader.read(group.map((row) => row.artifact_text));
    group.forEach((row, index) => {
      const artifact = {
        cycle: row.cycle,
        method: row.method,
        artifact: fromJsonText(texts[index] ?? 'null'),
      };
      visit(row.case_key, row.tokens === null ? artifact : { ...artifact, tokens: row.tokens });
    });
    start = end;
  }
}
