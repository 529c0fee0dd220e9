import type Database from 'better-sqlite3';
import { createTextWriter } from '../text-packs.js';
import type { Migration } from './migration.js';

/**
 * Texts stored once and compressed: a default benchmark run wrote ~290 MB under schema 1, nearly all of it
 * artifacts repeated verbatim per cycle and JSON repeated per row.
 *
 * - `text_packs`: brotli-compressed concatenations of texts written together (`size` is the inflated size).
 * - `texts`: one row per distinct text, addressed by the SHA-256 of its UTF-8 bytes, pointing into a pack.
 * - `cases` gets an integer `id`; `cycles`, `artifacts`, `item_responses` and `verdicts` reference it by
 *   `case_id` and hold every text (data JSON, artifact JSON, prompt, response, reason) as a `*_text` id.
 *
 * - `llm_calls` keeps its columns but holds the request and response as `request_text` / `response_text`.
 *
 * The rows of schema 1 are moved over as they are (their JSON text is stored byte for byte), so every score
 * recomputes to the same number. `openStore` vacuums the file afterwards to give the space back.
 */
export const textPacks: Migration = {
  version: 2,
  name: 'text-packs',
  up(database) {
    for (const table of ['cases', 'cycles', 'artifacts', 'item_responses', 'verdicts', 'llm_calls']) {
      database.exec(`ALTER TABLE ${table} RENAME TO ${table}_v1`);
    }
    createTables(database);
    copyCases(database);
    copyCalls(database);
    for (const table of ['verdicts', 'item_responses', 'artifacts', 'cycles', 'cases', 'llm_calls']) {
      database.exec(`DROP TABLE ${table}_v1`);
    }
    database.exec(`
      CREATE INDEX llm_calls_by_key ON llm_calls (key);
      CREATE INDEX llm_calls_by_run ON llm_calls (run_id);
    `);
  },
};

function createTables(database: Database.Database): void {
  database.exec(`
    CREATE TABLE text_packs (
      id INTEGER PRIMARY KEY,
      encoding TEXT NOT NULL CHECK (encoding IN ('br')),
      size INTEGER NOT NULL CHECK (size >= 0),
      body BLOB NOT NULL
    ) STRICT;

    CREATE TABLE texts (
      id INTEGER PRIMARY KEY,
      hash BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),
      pack_id INTEGER NOT NULL REFERENCES text_packs (id),
      start INTEGER NOT NULL CHECK (start >= 0),
      length INTEGER NOT NULL CHECK (length >= 0)
    ) STRICT;

    CREATE TABLE cases (
      id INTEGER PRIMARY KEY,
      run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      case_key TEXT NOT NULL CHECK (length(case_key) > 0),
      status TEXT NOT NULL CHECK (status IN ('complete', 'failed')),
      error_json TEXT CHECK (json_valid(error_json)),
      data_text INTEGER REFERENCES texts (id),
      written_at TEXT NOT NULL,
      UNIQUE (run_id, case_key)
    ) STRICT;

    CREATE TABLE cycles (
      case_id INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      cycle INTEGER NOT NULL CHECK (cycle >= 0),
      data_text INTEGER REFERENCES texts (id),
      PRIMARY KEY (case_id, cycle)
    ) STRICT;

    CREATE TABLE artifacts (
      case_id INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      cycle INTEGER NOT NULL CHECK (cycle >= 0),
      method TEXT NOT NULL CHECK (length(method) > 0),
      artifact_text INTEGER NOT NULL REFERENCES texts (id),
      tokens INTEGER CHECK (tokens >= 0),
      PRIMARY KEY (case_id, cycle, method)
    ) STRICT;

    CREATE TABLE item_responses (
      case_id INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      cycle INTEGER NOT NULL CHECK (cycle >= 0),
      item_key TEXT NOT NULL CHECK (length(item_key) > 0),
      prompt_text INTEGER NOT NULL REFERENCES texts (id),
      response_text INTEGER REFERENCES texts (id),
      data_text INTEGER REFERENCES texts (id),
      PRIMARY KEY (case_id, cycle, item_key)
    ) STRICT;

    CREATE TABLE llm_calls (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL CHECK (length(key) > 0),
      model_id TEXT NOT NULL CHECK (length(model_id) > 0),
      run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
      request_text INTEGER NOT NULL REFERENCES texts (id),
      response_text INTEGER REFERENCES texts (id),
      error_json TEXT CHECK (json_valid(error_json)),
      input_tokens INTEGER CHECK (input_tokens >= 0),
      output_tokens INTEGER CHECK (output_tokens >= 0),
      latency_ms REAL CHECK (latency_ms >= 0),
      cost_usd REAL CHECK (cost_usd >= 0),
      created_at TEXT NOT NULL,
      CHECK (response_text IS NOT NULL OR error_json IS NOT NULL)
    ) STRICT;

    CREATE TABLE verdicts (
      case_id INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      cycle INTEGER NOT NULL CHECK (cycle >= 0),
      item_key TEXT NOT NULL CHECK (length(item_key) > 0),
      score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
      violation INTEGER NOT NULL CHECK (violation IN (0, 1)),
      reason_text INTEGER REFERENCES texts (id),
      data_text INTEGER REFERENCES texts (id),
      PRIMARY KEY (case_id, cycle, item_key)
    ) STRICT;
  `);
}

/** A row of schema 1's `llm_calls`. */
interface CallRow {
  id: number;
  key: string;
  model_id: string;
  run_id: string | null;
  request_json: string;
  response_json: string | null;
  error_json: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  cost_usd: number | null;
  created_at: string;
}

/** Copies every recorded model call, keeping its id (so the order of calls stays), one pack per call. */
function copyCalls(database: Database.Database): void {
  const writeTexts = createTextWriter(database);
  const insert = database.prepare(
    `INSERT INTO llm_calls (id, key, model_id, run_id, request_text, response_text, error_json,
       input_tokens, output_tokens, latency_ms, cost_usd, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows = database.prepare<[number], CallRow>(
    'SELECT * FROM llm_calls_v1 WHERE id > ? ORDER BY id LIMIT 200',
  );
  // In batches: a model run's requests can hold every artifact again, far more than memory should.
  for (let batch = rows.all(-1); batch.length > 0; batch = rows.all(batch.at(-1)?.id ?? 0)) {
    for (const row of batch) copyCall(row);
  }
  function copyCall(row: CallRow): void {
    const texts = row.response_json === null ? [row.request_json] : [row.request_json, row.response_json];
    const [request, response] = writeTexts(texts);
    insert.run(
      row.id,
      row.key,
      row.model_id,
      row.run_id,
      request,
      response ?? null,
      row.error_json,
      row.input_tokens,
      row.output_tokens,
      row.latency_ms,
      row.cost_usd,
      row.created_at,
    );
  }
}

/** Copies every schema-1 case, in the order written, one pack for its records and one for its artifacts. */
function copyCases(database: Database.Database): void {
  const writeTexts = createTextWriter(database);
  const texts = (values: readonly (string | null)[]): (number | null)[] => {
    const present = values.filter((value): value is string => value !== null);
    const ids = writeTexts(present);
    let next = 0;
    return values.map((value) => (value === null ? null : (ids[next++] ?? null)));
  };
  type Key = [string, string];
  const where = 'WHERE run_id = ? AND case_key = ? ORDER BY rowid';
  const cycles = database.prepare<Key, { cycle: number; data_json: string | null }>(
    `SELECT cycle, data_json FROM cycles_v1 ${where}`,
  );
  const artifacts = database.prepare<
    Key,
    { cycle: number; method: string; artifact_json: string; tokens: number | null }
  >(`SELECT cycle, method, artifact_json, tokens FROM artifacts_v1 ${where}`);
  const responses = database.prepare<
    Key,
    { cycle: number; item_key: string; prompt: string; response: string | null; data_json: string | null }
  >(`SELECT cycle, item_key, prompt, response, data_json FROM item_responses_v1 ${where}`);
  const verdicts = database.prepare<
    Key,
    {
      cycle: number;
      item_key: string;
      score: number;
      violation: number;
      reason: string | null;
      data_json: string | null;
    }
  >(`SELECT cycle, item_key, score, violation, reason, data_json FROM verdicts_v1 ${where}`);
  const insertCase = database.prepare(
    'INSERT INTO cases (run_id, case_key, status, error_json, data_text, written_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertCycle = database.prepare('INSERT INTO cycles (case_id, cycle, data_text) VALUES (?, ?, ?)');
  const insertArtifact = database.prepare(
    'INSERT INTO artifacts (case_id, cycle, method, artifact_text, tokens) VALUES (?, ?, ?, ?, ?)',
  );
  const insertResponse = database.prepare(
    `INSERT INTO item_responses (case_id, cycle, item_key, prompt_text, response_text, data_text)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertVerdict = database.prepare(
    `INSERT INTO verdicts (case_id, cycle, item_key, score, violation, reason_text, data_text)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const cases = database
    .prepare<
      [],
      {
        run_id: string;
        case_key: string;
        status: string;
        error_json: string | null;
        data_json: string | null;
        written_at: string;
      }
    >('SELECT * FROM cases_v1 ORDER BY rowid')
    // All at once: better-sqlite3 cannot insert while a query is being iterated. Case rows are small.
    .all();
  for (const row of cases) {
    const key: Key = [row.run_id, row.case_key];
    const cycleRows = cycles.all(...key);
    const responseRows = responses.all(...key);
    const verdictRows = verdicts.all(...key);
    const artifactRows = artifacts.all(...key);
    const [caseData, ...rest] = texts([
      row.data_json,
      ...cycleRows.map((cycle) => cycle.data_json),
      ...responseRows.flatMap((item) => [item.prompt, item.response, item.data_json]),
      ...verdictRows.flatMap((verdict) => [verdict.reason, verdict.data_json]),
    ]);
    const artifactIds = texts(artifactRows.map((artifact) => artifact.artifact_json));
    const caseId = insertCase.run(
      row.run_id,
      row.case_key,
      row.status,
      row.error_json,
      caseData ?? null,
      row.written_at,
    ).lastInsertRowid;
    let next = 0;
    const take = () => rest[next++] ?? null;
    for (const cycle of cycleRows) insertCycle.run(caseId, cycle.cycle, take());
    for (const item of responseRows)
      insertResponse.run(caseId, item.cycle, item.item_key, take(), take(), take());
    for (const verdict of verdictRows) {
      insertVerdict.run(
        caseId,
        verdict.cycle,
        verdict.item_key,
        verdict.score,
        verdict.violation,
        take(),
        take(),
      );
    }
    artifactRows.forEach((artifact, index) => {
      insertArtifact.run(caseId, artifact.cycle, artifact.method, artifactIds[index], artifact.tokens);
    });
  }
}
