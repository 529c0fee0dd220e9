import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { CompactkitError, ValidationError } from '../../errors.js';
import { type RawRecord, readRecordFile } from './read-record-file.js';

/** Files under a folder (recursively, or the file itself), sorted, whose relative path passes `keep`. */
function filesUnder(dataDir: string, keep: (path: string) => boolean): string[] {
  if (statSync(dataDir).isFile()) return keep(basename(dataDir)) ? [dataDir] : [];
  return (readdirSync(dataDir, { recursive: true }) as string[])
    .map((file) => String(file).split(sep).join('/'))
    .filter(keep)
    .sort()
    .map((file) => join(dataDir, file));
}

// NoLiMa's haystack is cut to about 8K tokens (4 characters a token): long enough to need retrieval, short
// enough to run; the reference sweeps 1K-32K with the model's own tokenizer.
export const NOLIMA_HAYSTACK_CHARS = 32_768;

/**
 * NoLiMa as published (hub `amodaresi/NoLiMa`): `needlesets/<config>.json` is an array of needle entries, and
 * `haystack/rand_shuffle/*.txt` the shuffled books. Each entry comes back with the books (cut to
 * NOLIMA_HAYSTACK_CHARS at a line break) under `haystacks`, for the mapping to place its needle in each.
 */
export async function readNolima(dataDir: string, config: string): Promise<RawRecord[]> {
  const needleSets = filesUnder(dataDir, (path) => basename(path) === `${config}.json`);
  const needleSet = needleSets.find((path) => path.includes('needlesets')) ?? needleSets[0];
  if (needleSet === undefined)
    throw new CompactkitError(
      'io_error',
      `${dataDir}: no needlesets/${config}.json (NoLiMa's published layout)`,
    );
  const books = filesUnder(dataDir, (path) => path.includes('haystack/') && path.endsWith('.txt'));
  const shuffled = books.filter((path) => path.includes('rand_shuffle'));
  const chosen = shuffled.length > 0 ? shuffled : books;
  if (chosen.length === 0)
    throw new CompactkitError(
      'io_error',
      `${dataDir}: no haystack/rand_shuffle/*.txt books (NoLiMa's published layout)`,
    );
  const haystacks = await Promise.all(
    chosen.map(async (path) => ({
      name: basename(path, '.txt'),
      text: cutAtLine(await readFile(path, 'utf8'), NOLIMA_HAYSTACK_CHARS),
    })),
  );
  const entries = await readRecordFile(needleSet);
  return entries.map((entry) => ({ ...entry, value: { ...entry.value, haystacks } }));
}

/** The text up to `limit` characters, ending at the last line break before it when there is one. */
function cutAtLine(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf('\n', limit);
  return text.slice(0, cut > 0 ? cut : limit);
}

const BFCL_V4_NAMES: Record<string, string> = {
  simple: 'simple_python',
  java: 'simple_java',
  javascript: 'simple_javascript',
};

/**
 * BFCL as published (hub `gorilla-llm/Berkeley-Function-Calling-Leaderboard`, GitHub
 * `berkeley-function-call-leaderboard/data/`): `BFCL_v<N>_<category>.json` holds one question per line (JSON
 * Lines under a .json name) and `possible_answer/` the same name with `{id, ground_truth}` per line. The newest
 * version of the category is read; each question gets its `ground_truth` when the category has answers.
 */
export async function readBfcl(dataDir: string, config: string): Promise<RawRecord[]> {
  // v4 renamed simple, java and javascript to simple_python, simple_java and simple_javascript.
  const names = BFCL_V4_NAMES[config] ? `(?:${config}|${BFCL_V4_NAMES[config]})` : config;
  const pattern = new RegExp(`^BFCL_v(\\d+)_${names}\\.jsonl?$`);
  const matches = filesUnder(
    dataDir,
    (path) => pattern.test(basename(path)) && !path.split('/').includes('unused_datasets'),
  );
  const questions = matches.filter((path) => !relative(dataDir, path).split(sep).includes('possible_answer'));
  const version = (path: string) => Number(pattern.exec(basename(path))?.[1] ?? 0);
  const newest = questions.sort((a, b) => version(b) - version(a))[0];
  if (newest === undefined)
    throw new CompactkitError('io_error', `${dataDir}: no BFCL_v*_${config}.json (BFCL's published layout)`);
  const answerFile = matches.find(
    (path) => basename(path) === basename(newest) && basename(dirname(path)) === 'possible_answer',
  );
  const answers = new Map<string, unknown>();
  for (const record of answerFile ? await readRecordFile(answerFile) : []) {
    if (record.parseError !== undefined)
      throw new ValidationError([{ where: record.where, message: record.parseError }]);
    if (typeof record.value.id === 'string') answers.set(record.value.id, record.value.ground_truth);
  }
  const records = await readRecordFile(newest);
  return records.map((record) => {
    const answer = typeof record.value.id === 'string' ? answers.get(record.value.id) : undefined;
    return answer === undefined ? record : { ...record, value: { ...record.value, ground_truth: answer } };
  });
}

/** LoCoMo as published on GitHub (`data/locomo10.json`: an array of conversations with their `qa`). */
export async function readLocomo(dataDir: string): Promise<RawRecord[]> {
  const files = filesUnder(dataDir, (path) => /^locomo\d*\.json$/i.test(basename(path)));
  if (files.length === 0)
    throw new CompactkitError('io_error', `${dataDir}: no locomo10.json (LoCoMo's published layout)`);
  const records: RawRecord[] = [];
  for (const file of files) records.push(...(await readRecordFile(file)));
  return records;
}
