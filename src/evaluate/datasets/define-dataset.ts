import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CompactkitError, ValidationError } from '../../errors.js';
import type { DatasetEntry, DatasetLoadOptions } from '../registry.js';
import type { Example } from '../types.js';
import { cachedParquetFiles, downloadHubParquet, type HubDownloadOptions } from './hub-download.js';
import { selectExamples } from './load-local-dataset.js';
import { type RawRecord, readRecordFile } from './read-record-file.js';

/** What a built-in dataset declares. */
export interface DatasetDefinition {
  name: string;
  description: string;
  /** question-answering, multiple-choice, summarization, math, code, instruction-following, nli, memory ... */
  task: string;
  /** The Hugging Face dataset id. */
  hubId: string;
  /** The hub config used when the user names none. */
  defaultConfig: string;
  /** Every config a user may select with `name:config` (empty when the set has one). */
  configs?: readonly string[];
  /** Maps a selector to the hub config when they differ (e.g. `mgsm:en` -> `en`). */
  hubConfig?: (config: string) => string;
  split: string;
  /** The split of a config, for sets that publish tasks as splits (InfiniteBench). */
  splitFor?: (config: string) => string;
  /** Approximate size of the split, for `datasets list`. */
  size: string;
  evaluators: readonly string[];
  scoreField: string;
  /** Evaluators and score field of one config, when its task differs from the set's default. */
  scoringFor?: (config: string) => { evaluators: readonly string[]; scoreField: string };
  /**
   * For sets whose published files the hub's parquet conversion does not cover (needle sets plus haystack
   * books, JSON Lines under .json with answers in a second file, a GitHub-only release): where to download
   * them, and how to read a local copy in that layout. Such a set loads only from `--data-dir`.
   */
  published?: PublishedLayout;
  /**
   * One published record to an example (or several: a conversation with many questions); undefined to leave a
   * record out (e.g. unanswerable).
   */
  toExample(
    record: Record<string, unknown>,
    context: { index: number; config: string },
  ): Example | Example[] | undefined;
}

/** Where a set's files are published and how a local copy of that layout is read. */
export interface PublishedLayout {
  /** Where to download the files, shown by `datasets list` and in the error without `--data-dir`. */
  source: string;
  /** The records of a local copy (a folder or file as published); the default reads its json/jsonl files. */
  read?: (dataDir: string, config: string) => Promise<RawRecord[]>;
}

/** Files under a folder (recursively), sorted, whose path mentions the config and split when it can. */
function localFiles(dataDir: string, config: string, split: string): string[] {
  if (!existsSync(dataDir)) throw new CompactkitError('io_error', `${dataDir}: no such data directory`);
  if (statSync(dataDir).isFile()) return [dataDir];
  const all = (readdirSync(dataDir, { recursive: true }) as string[])
    .map(String)
    .filter((file) => /\.(parquet|jsonl|json|ndjson)$/i.test(file))
    .sort();
  const parts = (file: string) => relative('.', file).toLowerCase().split(sep).join('/');
  const bySplit = all.filter((file) => parts(file).includes(split.toLowerCase()));
  const narrowed = bySplit.length > 0 ? bySplit : all;
  const byConfig = narrowed.filter((file) => parts(file).includes(config.toLowerCase()));
  return (byConfig.length > 0 ? byConfig : narrowed).map((file) => join(dataDir, file));
}

/** A registry entry from a definition: reads a local copy, the cache, or downloads from the hub. */
export function defineDataset(
  definition: DatasetDefinition,
  hub: HubDownloadOptions = {},
): DatasetEntry & { definition: DatasetDefinition } {
  return {
    description: definition.description,
    evaluators: definition.evaluators,
    scoreField: definition.scoreField,
    ...(definition.scoringFor ? { scoringFor: definition.scoringFor } : {}),
    definition,
    async load(options: DatasetLoadOptions): Promise<Example[]> {
      const config = options.config ?? definition.defaultConfig;
      if (
        options.config !== undefined &&
        definition.configs !== undefined &&
        !definition.configs.includes(config)
      )
        throw new ValidationError([
          {
            where: `--dataset ${definition.name}:${config}`,
            message: `unknown config; known: ${definition.configs.join(', ')}`,
          },
        ]);
      if (options.config !== undefined && definition.configs === undefined)
        throw new ValidationError([
          { where: `--dataset ${definition.name}:${config}`, message: 'this dataset has no configs' },
        ]);
      const hubConfig = definition.hubConfig ? definition.hubConfig(config) : config;
      const split = definition.splitFor ? definition.splitFor(config) : definition.split;
      const records = await readRecords(definition, options, hubConfig, split, hub);
      const examples: Example[] = [];
      for (const [index, record] of records.entries()) {
        if (record.parseError !== undefined)
          throw new ValidationError([{ where: record.where, message: record.parseError }]);
        let example: Example | Example[] | undefined;
        try {
          example = definition.toExample(record.value, { index, config });
        } catch (error) {
          throw new ValidationError([
            { where: `${definition.name}: ${record.where}`, message: (error as Error).message },
          ]);
        }
        for (const one of Array.isArray(example) ? example : example ? [example] : [])
          examples.push({ dataset: definition.name, ...one });
      }
      if (examples.length === 0)
        throw new ValidationError([
          {
            where: definition.name,
            message: `no examples in ${records.length} record(s); never a silent empty set`,
          },
        ]);
      return selectExamples(examples, options);
    },
  };
}

/** The raw records of a set: its published layout, a local copy, the cache, or a hub download. */
async function readRecords(
  definition: DatasetDefinition,
  options: DatasetLoadOptions,
  hubConfig: string,
  split: string,
  hub: HubDownloadOptions,
): Promise<RawRecord[]> {
  const { published } = definition;
  if (published !== undefined && options.dataDir === undefined)
    throw new CompactkitError(
      'io_error',
      `${definition.name}: the hub's parquet conversion does not cover its published files; download them from ${published.source} and pass --data-dir`,
    );
  if (published?.read !== undefined && options.dataDir !== undefined) {
    if (!existsSync(options.dataDir))
      throw new CompactkitError('io_error', `${options.dataDir}: no such data directory`);
    return published.read(options.dataDir, hubConfig);
  }
  const source = { id: definition.hubId, config: hubConfig, split };
  const files =
    options.dataDir !== undefined
      ? localFiles(options.dataDir, hubConfig, split)
      : cachedParquetFiles(source, hub.cacheDir).length > 0
        ? cachedParquetFiles(source, hub.cacheDir)
        : await downloadHubParquet(source, {
            ...hub,
            name: definition.name,
            ...(options.signal ? { signal: options.signal } : {}),
          });
  const records: RawRecord[] = [];
  for (const file of files) records.push(...(await readRecordFile(file)));
  return records;
}
