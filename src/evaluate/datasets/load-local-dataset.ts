import { basename, extname } from 'node:path';
import { ValidationError, type ValidationIssue } from '../../errors.js';
import { seededRandom } from '../metrics/statistics.js';
import type { Example } from '../types.js';
import { type RawRecord, readRecordFile } from './read-record-file.js';

/** What to do with a record that does not fit: leave it out (and say so) or stop. */
export type BadRecordPolicy = 'skip' | 'fail';

/** Options of `loadLocalDataset`. */
export interface LoadLocalDatasetOptions {
  /** `skip` by default: every skipped record is listed in `skipped`. */
  onBadRecord?: BadRecordPolicy;
  /** Keep the first n examples (after shuffling, when asked). */
  n?: number;
  /** Shuffle with `seed` before taking n: a seeded sample, the same for the same seed. */
  shuffle?: boolean;
  seed?: string;
}

/** A dataset read from a file. */
export interface LocalDataset {
  /** The file's name without its extension: the rows' dataset tag. */
  name: string;
  examples: Example[];
  /** Records left out, with where and why. */
  skipped: ValidationIssue[];
}

/**
 * Checks one record: `context` must be a string; `id` a string or number (the record's position when
 * absent); `question` a string; `answer` a string, number or list of them; `choices` a list of strings.
 */
export function toExample(record: RawRecord): { example: Example } | { issue: ValidationIssue } {
  const { value, where } = record;
  if (record.parseError !== undefined) return { issue: { where, message: record.parseError } };
  const problem = (field: string, message: string) => ({ issue: { where: `${where}: ${field}`, message } });
  if (typeof value.context !== 'string') return problem('context', 'missing or not a string');
  const id = value.id ?? record.position;
  if (typeof id !== 'string' && typeof id !== 'number') return problem('id', 'must be a string or a number');
  if (value.question !== undefined && value.question !== null && typeof value.question !== 'string')
    return problem('question', 'must be a string');
  const answer = value.answer;
  const scalar = (item: unknown) => typeof item === 'string' || typeof item === 'number';
  if (
    answer !== undefined &&
    answer !== null &&
    !scalar(answer) &&
    !(Array.isArray(answer) && answer.every(scalar))
  )
    return problem('answer', 'must be a string, a number or a list of them');
  if (
    value.choices !== undefined &&
    !(Array.isArray(value.choices) && value.choices.every((item) => typeof item === 'string'))
  )
    return problem('choices', 'must be a list of strings');
  const example: Example = { ...value, id, context: value.context };
  if (value.question === null) delete example.question;
  if (answer === null || answer === undefined) delete example.answer;
  else example.answer = Array.isArray(answer) ? answer.map(String) : String(answer);
  return { example };
}

/** The first n examples, or a seeded sample of n when shuffling (Fisher-Yates with a SHA-256-seeded stream). */
export function selectExamples<T>(
  examples: readonly T[],
  options: { n?: number; shuffle?: boolean; seed?: string },
): T[] {
  const list = [...examples];
  if (options.shuffle) {
    const random = seededRandom(options.seed ?? '0');
    for (let index = list.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [list[index], list[other]] = [list[other] as T, list[index] as T];
    }
  }
  return options.n === undefined ? list : list.slice(0, options.n);
}

/**
 * Reads a JSONL, JSON, CSV or Parquet file of examples. Bad records are skipped and listed, or with
 * `onBadRecord: 'fail'` the first one stops the load with its file, line and field.
 * @throws CompactkitError `io_error` when the file is missing; ValidationError when it is empty or unreadable.
 */
export async function loadLocalDataset(
  path: string,
  options: LoadLocalDatasetOptions = {},
): Promise<LocalDataset> {
  const records = await readRecordFile(path);
  const examples: Example[] = [];
  const skipped: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    let result = toExample(record);
    if ('example' in result) {
      const key = String(result.example.id);
      if (seen.has(key))
        result = { issue: { where: `${record.where}: id`, message: `duplicate id "${key}"` } };
      else seen.add(key);
    }
    if ('issue' in result) {
      if (options.onBadRecord === 'fail') throw new ValidationError([result.issue]);
      skipped.push(result.issue);
      continue;
    }
    examples.push(result.example);
  }
  if (examples.length === 0)
    throw new ValidationError([
      {
        where: path,
        message: `no usable record (${skipped.length} bad); first: ${skipped[0]?.where}: ${skipped[0]?.message}`,
      },
    ]);
  return { name: basename(path, extname(path)), examples: selectExamples(examples, options), skipped };
}
