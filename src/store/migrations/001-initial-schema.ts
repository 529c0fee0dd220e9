import type { Migration } from './migration.js';

/**
 * The first schema: a run and everything it produced, plus the LLM call log.
 *
 * - `runs`: one benchmark, evaluation or probe run. `fingerprint` hashes what makes two runs comparable (used
 *   to resume), `config_json` the full configuration, `versions_json` the suite/scorer/method/model versions,
 *   `status` running → complete | incomplete | failed.
 * - `cases`: one case of a run, written with all its children in one transaction. `error_json` is
 *   `{code, message}` for a failed case (recorded, and the run goes on); `data_json` whatever the runner keeps.
 * - `cycles`, `artifacts`, `item_responses`, `verdicts`: the children of a case, keyed by cycle (0 for a
 *   single compaction), method and item; they reference their case and vanish with it. Verdict scores are in
 *   [0, 1]; `violation` is 0 or 1.
 * - `llm_calls`: every model call, successful or not, for audit and record/replay. `key` is the replay cache
 *   key; the token, latency and cost columns copy the response so totals are one query.
 * - `evaluation_rows`, `probe_results`: one row per evaluated item or probe; the shape is in `data_json`.
 *
 * Every table is STRICT (SQLite checks the column types); every `*_json` column must hold valid JSON; a
 * missing value is NULL, never 0 or "" (unknown is not zero). Times are ISO 8601 UTC strings. Rows are read
 * back in the order they were written (rowid).
 */
export const initialSchema: Migration = {
  version: 1,
  name: 'initial-schema',
  up(database) {
    database.exec(`
      CREATE TABLE runs (
        id TEXT NOT NULL PRIMARY KEY CHECK (length(id) > 0),
        kind TEXT NOT NULL CHECK (length(kind) > 0),
        fingerprint TEXT NOT NULL,
        config_json TEXT NOT NULL CHECK (json_valid(config_json)),
        versions_json TEXT NOT NULL CHECK (json_valid(versions_json)),
        status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'incomplete', 'failed')),
        created_at TEXT NOT NULL,
        finished_at TEXT
      ) STRICT;
      CREATE INDEX runs_by_fingerprint ON runs (fingerprint);
      CREATE INDEX runs_by_created_at ON runs (created_at);

      CREATE TABLE cases (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        case_key TEXT NOT NULL CHECK (length(case_key) > 0),
        status TEXT NOT NULL CHECK (status IN ('complete', 'failed')),
        error_json TEXT CHECK (json_valid(error_json)),
        data_json TEXT CHECK (json_valid(data_json)),
        written_at TEXT NOT NULL,
        PRIMARY KEY (run_id, case_key)
      ) STRICT;

      CREATE TABLE cycles (
        run_id TEXT NOT NULL,
        case_key TEXT NOT NULL,
        cycle INTEGER NOT NULL CHECK (cycle >= 0),
        data_json TEXT CHECK (json_valid(data_json)),
        PRIMARY KEY (run_id, case_key, cycle),
        FOREIGN KEY (run_id, case_key) REFERENCES cases (run_id, case_key) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE artifacts (
        run_id TEXT NOT NULL,
        case_key TEXT NOT NULL,
        cycle INTEGER NOT NULL CHECK (cycle >= 0),
        method TEXT NOT NULL CHECK (length(method) > 0),
        artifact_json TEXT NOT NULL CHECK (json_valid(artifact_json)),
        tokens INTEGER CHECK (tokens >= 0),
        PRIMARY KEY (run_id, case_key, cycle, method),
        FOREIGN KEY (run_id, case_key) REFERENCES cases (run_id, case_key) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE item_responses (
        run_id TEXT NOT NULL,
        case_key TEXT NOT NULL,
        cycle INTEGER NOT NULL CHECK (cycle >= 0),
        item_key TEXT NOT NULL CHECK (length(item_key) > 0),
        prompt TEXT NOT NULL,
        response TEXT,
        data_json TEXT CHECK (json_valid(data_json)),
        PRIMARY KEY (run_id, case_key, cycle, item_key),
        FOREIGN KEY (run_id, case_key) REFERENCES cases (run_id, case_key) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE verdicts (
        run_id TEXT NOT NULL,
        case_key TEXT NOT NULL,
        cycle INTEGER NOT NULL CHECK (cycle >= 0),
        item_key TEXT NOT NULL CHECK (length(item_key) > 0),
        score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
        violation INTEGER NOT NULL CHECK (violation IN (0, 1)),
        reason TEXT,
        data_json TEXT CHECK (json_valid(data_json)),
        PRIMARY KEY (run_id, case_key, cycle, item_key),
        FOREIGN KEY (run_id, case_key) REFERENCES cases (run_id, case_key) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE llm_calls (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL CHECK (length(key) > 0),
        model_id TEXT NOT NULL CHECK (length(model_id) > 0),
        run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
        request_json TEXT NOT NULL CHECK (json_valid(request_json)),
        response_json TEXT CHECK (json_valid(response_json)),
        error_json TEXT CHECK (json_valid(error_json)),
        input_tokens INTEGER CHECK (input_tokens >= 0),
        output_tokens INTEGER CHECK (output_tokens >= 0),
        latency_ms REAL CHECK (latency_ms >= 0),
        cost_usd REAL CHECK (cost_usd >= 0),
        created_at TEXT NOT NULL,
        CHECK (response_json IS NOT NULL OR error_json IS NOT NULL)
      ) STRICT;
      CREATE INDEX llm_calls_by_key ON llm_calls (key);
      CREATE INDEX llm_calls_by_run ON llm_calls (run_id);

      CREATE TABLE evaluation_rows (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        row_key TEXT NOT NULL CHECK (length(row_key) > 0),
        data_json TEXT NOT NULL CHECK (json_valid(data_json)),
        PRIMARY KEY (run_id, row_key)
      ) STRICT;

      CREATE TABLE probe_results (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        session_key TEXT NOT NULL CHECK (length(session_key) > 0),
        probe_key TEXT NOT NULL CHECK (length(probe_key) > 0),
        data_json TEXT NOT NULL CHECK (json_valid(data_json)),
        PRIMARY KEY (run_id, session_key, probe_key)
      ) STRICT;
    `);
  },
};
