import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ValidationIssue } from '../errors.js';
import { type BadRecordPolicy, loadLocalDataset } from './datasets/load-local-dataset.js';
import type { Registry } from './registry.js';
import type { Example } from './types.js';

/** A dataset ready to evaluate, with the evaluators that fit it. */
export interface ResolvedDataset {
  name: string;
  examples: Example[];
  /** Evaluator names the dataset declares (or, for a file, that its fields call for). */
  evaluators: string[];
  scoreField: string;
  /** What selected the examples: part of the resume fingerprint. */
  params: Record<string, unknown>;
  /** Records of a file that were left out. */
  skipped: ValidationIssue[];
}

/** Options of `resolveDataset`. */
export interface ResolveDatasetOptions {
  n?: number;
  shuffle?: boolean;
  seed?: string;
  dataDir?: string;
  onBadRecord?: BadRecordPolicy;
  signal?: AbortSignal;
}

/** The evaluators a file's fields call for: choices -> multiple choice, facts -> retention, answers -> QA. */
function evaluatorsForFields(examples: readonly Example[]): { evaluators: string[]; scoreField: string } {
  const has = (field: string) => examples.some((example) => example[field] !== undefined);
  if (has('choices')) return { evaluators: ['multiple_choice_accuracy'], scoreField: 'mc_accuracy' };
  const evaluators = [...(has('answer') ? ['answer_quality'] : []), ...(has('facts') ? ['retention'] : [])];
  return { evaluators, scoreField: has('answer') ? 'f1' : has('facts') ? 'retention' : 'f1' };
}

/**
 * A dataset by registered name (`hotpotqa`, `longbench:hotpotqa` with a config) or by file path (.jsonl,
 * .json, .csv, .parquet). A registered name wins over a file of the same name only when no such file exists.
 */
export async function resolveDataset(
  spec: string,
  registry: Registry,
  options: ResolveDatasetOptions = {},
): Promise<ResolvedDataset> {
  const colon = spec.indexOf(':');
  const base = colon > 0 ? spec.slice(0, colon) : spec;
  const config = colon > 0 ? spec.slice(colon + 1) : undefined;
  const selection = {
    ...(options.n === undefined ? {} : { n: options.n }),
    ...(options.shuffle ? { shuffle: true, seed: options.seed ?? '0' } : {}),
  };
  if (registry.has('dataset', base) && !existsSync(spec)) {
    const entry = registry.get('dataset', base);
    const examples = await entry.load({
      ...selection,
      ...(config === undefined ? {} : { config }),
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const scoring = config !== undefined && entry.scoringFor ? entry.scoringFor(config) : entry;
    return {
      name: spec,
      examples,
      evaluators: [...scoring.evaluators],
      scoreField: scoring.scoreField,
      params: { ...selection, ...(config === undefined ? {} : { config }) },
      skipped: [],
    };
  }
  const local = await loadLocalDataset(spec, {
    ...selection,
    ...(options.onBadRecord ? { onBadRecord: options.onBadRecord } : {}),
  });
  return {
    name: local.name,
    examples: local.examples,
    ...evaluatorsForFields(local.examples),
    // The content, not the path: an edited file must not reuse rows scored on its old records.
    params: {
      ...selection,
      sha256: createHash('sha256').update(JSON.stringify(local.examples)).digest('hex'),
    },
    skipped: local.skipped,
  };
}
