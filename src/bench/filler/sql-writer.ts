import { DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, tableName } from './code-names.js';
import { lines, type SourceWriter } from './source-writer.js';

const COLUMN_TYPES = [
  'text',
  'bigint',
  'integer',
  'boolean',
  'timestamptz',
  'numeric(12, 2)',
  'jsonb',
  'uuid',
  'date',
];

function column(prng: Prng): string {
  return snakeCase(fieldName(prng));
}

function createTable(prng: Prng): string {
  const table = tableName(prng);
  const columns = lines(prng, prng.int(3, 8), (stream) => {
    const nullable = stream.chance(0.6) ? ' NOT NULL' : '';
    return `  ${column(stream)} ${stream.pick(COLUMN_TYPES)}${nullable},`;
  });
  const reference = prng.chance(0.5)
    ? `\n  ${snakeCase(prng.pick(DOMAIN_NOUNS))}_id bigint REFERENCES ${tableName(prng)} (id) ON DELETE CASCADE,`
    : '';
  return `\nCREATE TABLE ${table} (\n  id bigserial PRIMARY KEY,\n${columns}${reference}\n  created_at timestamptz NOT NULL DEFAULT now()\n);`;
}

function createIndex(prng: Prng): string {
  const table = tableName(prng);
  const first = column(prng);
  const unique = prng.chance(0.3) ? 'UNIQUE ' : '';
  return `\nCREATE ${unique}INDEX ${table}_${first}_idx ON ${table} (${first}${prng.chance(0.5) ? `, ${column(prng)}` : ''});`;
}

function alterTable(prng: Prng): string {
  const table = tableName(prng);
  return `\nALTER TABLE ${table} ADD COLUMN ${column(prng)} ${prng.pick(COLUMN_TYPES)};\nUPDATE ${table} SET ${column(prng)} = ${prng.int(0, 100)} WHERE ${column(prng)} IS NULL;`;
}

function selectQuery(prng: Prng): string {
  const left = tableName(prng);
  const right = tableName(prng);
  const group = column(prng);
  return [
    '',
    `SELECT l.${group}, count(*) AS total, sum(l.${column(prng)}) AS amount`,
    `FROM ${left} l`,
    `JOIN ${right} r ON r.${snakeCase(prng.pick(DOMAIN_NOUNS))}_id = l.id`,
    `WHERE l.${column(prng)} >= now() - interval '${prng.int(1, 90)} days'`,
    `GROUP BY l.${group}`,
    `ORDER BY total DESC`,
    `LIMIT ${prng.pick([10, 20, 50, 100, 500])};`,
  ].join('\n');
}

/** SQL migrations and queries in Postgres dialect. */
export const sqlWriter: SourceWriter = {
  header: (prng) =>
    `-- migration ${String(prng.int(1, 240)).padStart(4, '0')}: ${prng.pick(DOMAIN_NOUNS)} ${prng.pick(['columns', 'indexes', 'tables', 'backfill'])}\nBEGIN;`,
  block: (prng) =>
    prng.weighted([
      [createTable, 3],
      [createIndex, 2],
      [alterTable, 2],
      [selectQuery, 2],
    ] as const)(prng),
  small: createIndex,
  line: (prng) => selectQuery(prng).split('\n')[prng.int(1, 5)] as string,
};
