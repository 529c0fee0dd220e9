import type Database from 'better-sqlite3';
import type { RecordedCall } from '../llm/types.js';
import { fromJsonText, toJsonText, toOptionalJsonText } from './json-text.js';
import { recordedCallSchema, recordedErrorSchema, storedResponseSchema } from './record-schemas.js';
import { runNotFound } from './run-table.js';
import { createTextReader, createTextWriter, type TextReader } from './text-packs.js';
import type { LlmCallStore, ModelUsage, RecordedUsageTotals, RunUsage } from './types.js';
import { validateInput } from './validate-input.js';

interface CallRow {
  key: string;
  model_id: string;
  run_id: string | null;
  request_text: number;
  response_text: number | null;
  error_json: string | null;
  created_at: string;
}

interface TotalsRow {
  calls: number;
  failed_calls: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  latency_ms: number | null;
  calls_without_usage: number;
  calls_without_cost: number;
}

// SUM over no known value is NULL: the totals say 0 and count the unknown calls separately.
const totalsColumns = `count(*) AS calls,
  count(error_json) AS failed_calls,
  sum(input_tokens) AS input_tokens,
  sum(output_tokens) AS output_tokens,
  sum(cost_usd) AS cost_usd,
  sum(latency_ms) AS latency_ms,
  sum(response_text IS NOT NULL AND (input_tokens IS NULL OR output_tokens IS NULL)) AS calls_without_usage,
  sum(response_text IS NOT NULL AND cost_usd IS NULL) AS calls_without_cost`;

/** Validates a recorded call and writes its row; the caller holds the transaction. */
export type CallWriter = (call: RecordedCall) => void;

/** Prepares the insert of a recorded call once per connection. */
export function createCallWriter(database: Database.Database, path: string): CallWriter {
  const runExists = database.prepare('SELECT 1 FROM runs WHERE id = ?');
  const insert = database.prepare(
    `INSERT INTO llm_calls (key, model_id, run_id, request_text, response_text, error_json,
       input_tokens, output_tokens, latency_ms, cost_usd, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeTexts = createTextWriter(database);
  return (call) => {
    const parsed = validateInput(recordedCallSchema, call, 'call');
    // Said plainly here rather than as SQLite's "FOREIGN KEY constraint failed".
    if (parsed.runId !== undefined && !runExists.get(parsed.runId)) throw runNotFound(path, parsed.runId);
    const { response } = parsed;
    // Request and response go to the text store: a prompt sent again (a replay, the same item and artifact)
    // is kept once, and each is compressed.
    const request = toJsonText(parsed.request, 'call.request');
    const responseJson = toOptionalJsonText(response && withoutCached(response), 'call.response');
    const [requestId, responseId] = writeTexts(responseJson === null ? [request] : [request, responseJson]);
    insert.run(
      parsed.key,
      parsed.modelId,
      parsed.runId ?? null,
      requestId,
      responseId ?? null,
      toOptionalJsonText(parsed.error, 'call.error'),
      response?.usage.inputTokens ?? null,
      response?.usage.outputTokens ?? null,
      response?.latencyMs ?? null,
      response?.costUsd ?? null,
      parsed.createdAt,
    );
  };
}

/** Lists calls in the order they were made. */
export function selectCalls(
  database: Database.Database,
  path: string,
  filter: { runId?: string; key?: string; modelId?: string } = {},
): RecordedCall[] {
  const reader = createTextReader(database, path);
  const conditions: string[] = [];
  const values: string[] = [];
  for (const [column, value] of [
    ['run_id', filter.runId],
    ['key', filter.key],
    ['model_id', filter.modelId],
  ] as const) {
    if (value === undefined) continue;
    conditions.push(`${column} = ?`);
    values.push(value);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return database
    .prepare<string[], CallRow>(`SELECT * FROM llm_calls ${where} ORDER BY id`)
    .all(...values)
    .map((row) => callFromRow(row, reader));
}

/** The `llm_calls` table behind `store.llmCalls`; `write` wraps each write in an IMMEDIATE transaction. */
export function createLlmCallStore(
  database: Database.Database,
  path: string,
  write: <T>(action: string, body: () => T) => T,
): LlmCallStore {
  const writeCall = createCallWriter(database, path);
  // The key index finds the candidates; the highest id among them is the newest.
  const findNewest = database.prepare<[string], CallRow>(
    `SELECT * FROM llm_calls WHERE key = ? AND response_text IS NOT NULL AND error_json IS NULL
     ORDER BY id DESC LIMIT 1`,
  );
  return {
    find(key) {
      const row = findNewest.get(key);
      return row ? callFromRow(row, createTextReader(database, path, 1)) : undefined;
    },
    record(call) {
      write(`cannot record LLM call ${call.key}`, () => writeCall(call));
    },
    list(filter) {
      return selectCalls(database, path, filter);
    },
    usageByModel(filter = {}) {
      const where = filter.runId === undefined ? '' : 'WHERE run_id = ?';
      const rows = database
        .prepare<string[], TotalsRow & { model_id: string }>(
          `SELECT model_id, ${totalsColumns} FROM llm_calls ${where} GROUP BY model_id ORDER BY model_id`,
        )
        .all(...(filter.runId === undefined ? [] : [filter.runId]));
      return rows.map((row): ModelUsage => ({ modelId: row.model_id, ...totalsFromRow(row) }));
    },
    usageByRun() {
      const rows = database
        .prepare<[], TotalsRow & { run_id: string | null }>(
          `SELECT run_id, ${totalsColumns} FROM llm_calls GROUP BY run_id ORDER BY min(id)`,
        )
        .all();
      return rows.map((row): RunUsage => {
        const totals = totalsFromRow(row);
        return row.run_id === null ? totals : { runId: row.run_id, ...totals };
      });
    },
  };
}

function callFromRow(row: CallRow, reader: TextReader): RecordedCall {
  const [request, response] = reader.read([row.request_text, row.response_text]);
  const call: RecordedCall = {
    key: row.key,
    modelId: row.model_id,
    request: fromJsonText(request ?? 'null'),
    createdAt: row.created_at,
  };
  // Parsed, not cast: a row that does not fit fails here, naming the call, not later in a caller.
  const where = `llm call ${row.key}`;
  if (response !== null && response !== undefined) {
    call.response = validateInput(storedResponseSchema, fromJsonText(response), 'response', where);
  }
  if (row.error_json !== null) {
    call.error = validateInput(recordedErrorSchema, fromJsonText(row.error_json), 'error', where);
  }
  if (row.run_id !== null) call.runId = row.run_id;
  return call;
}

function totalsFromRow(row: TotalsRow): RecordedUsageTotals {
  return {
    calls: row.calls,
    failedCalls: row.failed_calls,
    inputTokens: row.input_tokens ?? 0,
    outputTokens: row.output_tokens ?? 0,
    costUsd: row.cost_usd ?? 0,
    latencyMs: row.latency_ms ?? 0,
    callsWithoutUsage: row.calls_without_usage ?? 0,
    callsWithoutCost: row.calls_without_cost ?? 0,
  };
}

/** `cached` describes one read of the cache, not the call: it is not part of the record. */
function withoutCached<T extends object>(response: T): Omit<T, 'cached'> {
  const { cached: _cached, ...rest } = response as T & { cached?: unknown };
  return rest;
}
