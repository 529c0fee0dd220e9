import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname } from 'node:path';
import { CompactkitError, ValidationError } from '../../errors.js';

/** One raw record of a file and where it came from (`qa.jsonl:12`, `qa.csv:4`, `qa.parquet: row 3`). */
export interface RawRecord {
  where: string;
  /** 1-based position among the file's records. */
  position: number;
  /** The parsed record (empty when it could not be parsed). */
  value: Record<string, unknown>;
  /** Why the record could not be parsed. */
  parseError?: string;
}

/** The file formats a local dataset can be in. */
export type RecordFileFormat = 'jsonl' | 'json' | 'csv' | 'parquet';

/** The format of a path from its extension. */
export function formatOf(path: string): RecordFileFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.json') return 'json';
  if (extension === '.csv') return 'csv';
  if (extension === '.parquet') return 'parquet';
  throw new ValidationError([
    { where: path, message: `unknown dataset format "${extension}"; use .jsonl, .json, .csv or .parquet` },
  ]);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads every record of a JSONL, JSON, CSV or Parquet file. A record that does not parse comes back with
 * its reason so the caller can skip it or stop; a missing file is `io_error`, an empty one a ValidationError.
 */
export async function readRecordFile(path: string): Promise<RawRecord[]> {
  const name = basename(path);
  const size = await stat(path).then(
    (info) => (info.isFile() ? info.size : -1),
    () => {
      throw new CompactkitError('io_error', `${path}: no such dataset file`);
    },
  );
  if (size < 0) throw new CompactkitError('io_error', `${path}: not a file`);
  if (size === 0) throw new ValidationError([{ where: path, message: 'the dataset file is empty' }]);
  const format = formatOf(path);
  const records =
    format === 'parquet'
      ? await readParquet(path, name)
      : readText(await readFile(path, 'utf8'), format, name);
  if (records.length === 0)
    throw new ValidationError([{ where: path, message: 'the dataset file has no records' }]);
  return records;
}

function readText(text: string, format: 'jsonl' | 'json' | 'csv', name: string): RawRecord[] {
  if (format === 'csv') return readCsv(text, name);
  if (format === 'json') return readJson(text, name);
  const records: RawRecord[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${name}:${index + 1}`;
    const position = records.length + 1;
    try {
      const value: unknown = JSON.parse(line);
      records.push(
        isRecord(value)
          ? { where, position, value }
          : { where, position, value: {}, parseError: 'the line is not a JSON object' },
      );
    } catch (error) {
      records.push({ where, position, value: {}, parseError: `not JSON (${(error as Error).message})` });
    }
  });
  return records;
}

/** Whether a text that is not one JSON value is JSON Lines: its first non-empty line is a whole object. */
function looksLikeJsonLines(text: string): boolean {
  const first = text.split('\n').find((line) => line.trim() !== '');
  try {
    return first !== undefined && isRecord(JSON.parse(first));
  } catch {
    return false;
  }
}

function readJson(text: string, name: string): RawRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Some sets publish JSON Lines under a .json name (BFCL's BFCL_v3_*.json): read them line by line.
    if (looksLikeJsonLines(text)) return readText(text, 'jsonl', name);
    throw new ValidationError([{ where: name, message: `not JSON (${(error as Error).message})` }]);
  }
  // A bare array, or the common wrappers {"data": [...]}, {"examples": [...]}, {"rows": [...]}.
  const list = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed)
      ? [parsed.data, parsed.examples, parsed.rows].find(Array.isArray)
      : undefined;
  // One object on one line is JSON Lines of one record (a BFCL category file can hold a single question).
  if (!Array.isArray(list) && isRecord(parsed) && !text.trim().includes('\n'))
    return readText(text, 'jsonl', name);
  if (!Array.isArray(list))
    throw new ValidationError([
      { where: name, message: 'expected an array of records (or {"data": [...]})' },
    ]);
  return list.map((value: unknown, index) => {
    const where = `${name}: [${index}]`;
    return isRecord(value)
      ? { where, position: index + 1, value }
      : { where, position: index + 1, value: {}, parseError: 'not a JSON object' };
  });
}

// Cells of these columns are JSON when they look like it: lists of answers or options cannot be plain CSV.
const LIST_COLUMNS = new Set(['answer', 'answers', 'choices', 'facts', 'turns', 'messages']);

function readCsv(text: string, name: string): RawRecord[] {
  const rows = parseCsvRows(text, name);
  return rows.map(({ line, cells }, index) => {
    const value: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(cells)) {
      if (LIST_COLUMNS.has(column) && /^\s*[[{]/.test(cell)) {
        try {
          value[column] = JSON.parse(cell);
          continue;
        } catch {
          // Not JSON after all: keep the text.
        }
      }
      value[column] = cell;
    }
    return { where: `${name}:${line}`, position: index + 1, value };
  });
}

/** CSV rows keyed by the header, each with the line it starts on. */
function parseCsvRows(text: string, name: string): { line: number; cells: Record<string, string> }[] {
  try {
    // Loaded on first use: the package root should not pay for a CSV parser it may never need.
    const { parse: parseCsv } = createRequire(import.meta.url)(
      'csv-parse/sync',
    ) as typeof import('csv-parse/sync');
    const rows: { info: { lines: number }; record: Record<string, string> }[] = parseCsv(text, {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
    });
    return rows.map((row) => ({ line: row.info.lines, cells: row.record }));
  } catch (error) {
    throw new ValidationError([{ where: name, message: `not valid CSV (${(error as Error).message})` }]);
  }
}

/** Parquet rows as plain objects; 64-bit integers become numbers when they fit. */
async function readParquet(path: string, name: string): Promise<RawRecord[]> {
  const { parquetReadObjects } = await import('hyparquet');
  const bytes = await readFile(path);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let rows: Record<string, unknown>[];
  try {
    rows = await parquetReadObjects({ file });
  } catch (error) {
    throw new ValidationError([
      { where: name, message: `not a readable Parquet file (${(error as Error).message})` },
    ]);
  }
  return rows.map((row, index) => ({
    where: `${name}: row ${index + 1}`,
    position: index + 1,
    value: plainRecord(row),
  }));
}

/** A Parquet row as a plain JSON record. */
function plainRecord(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, item]) => [key, plainValue(item)]));
}

/** BigInt to number (or string when too large), recursively, so records are JSON. */
export function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item)]));
  return value;
}
