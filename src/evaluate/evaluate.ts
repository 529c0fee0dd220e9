import { join } from 'node:path';
import { CompactkitError, ValidationError } from '../errors.js';
import { openStore, type Store } from '../store/index.js';
import { EvalResult } from './eval-result.js';
import { type EvaluationRun, evaluationFingerprint, openEvaluationRun } from './evaluation-store.js';
import { compressionRatio, latency, meanScore } from './metrics/built-in-metrics.js';
import { processExample } from './process-example.js';
import { runPool } from './run-pool.js';
import type { Dataset, EvalRow, Evaluator, Example, Metric, System } from './types.js';

/** How far a run has got, for progress bars. */
export interface EvaluateProgress {
  system: string;
  done: number;
  total: number;
  failed: number;
  /** Rows taken from the store instead of run again. */
  resumed: number;
}

/** Options of `evaluate`. */
export interface EvaluateOptions {
  systems: readonly System[];
  /** Any (async) iterable of examples with unique `id` and a string `context`. */
  dataset: Dataset;
  /** The dataset's name: the row tag and part of the resume key. `dataset` when absent. */
  datasetName?: string;
  /** What selected the examples (`n`, a config, a seed): part of the resume key. */
  datasetParams?: Readonly<Record<string, unknown>>;
  evaluators: readonly Evaluator[];
  /** Defaults: the mean of every score field seen, latency and compression ratio. */
  metrics?: readonly Metric[];
  /** Examples in flight per system; 4 by default. */
  maxWorkers?: number;
  /** Rows are written here as they finish and reused when the same evaluation runs again. */
  store?: Store;
  /** Opens `<cacheDir>/compactkit.db` as the store (ignored when `store` is given). */
  cacheDir?: string;
  signal?: AbortSignal;
  onProgress?: (progress: EvaluateProgress) => void;
}

/** Reads the dataset once, checking every record's `id` and `context`, and refusing duplicate ids. */
async function materialize(dataset: Dataset, name: string): Promise<Example[]> {
  const examples: Example[] = [];
  const seen = new Set<string>();
  const check = (example: Example) => {
    const where = `${name}: record ${examples.length}`;
    if (example === null || typeof example !== 'object')
      throw new ValidationError([{ where, message: 'is not an object' }]);
    if (typeof example.id !== 'string' && typeof example.id !== 'number')
      throw new ValidationError([{ where: `${where}: id`, message: 'must be a string or a number' }]);
    if (typeof example.context !== 'string')
      throw new ValidationError([
        { where: `${where} (id ${example.id}): context`, message: 'must be a string' },
      ]);
    const key = String(example.id);
    if (seen.has(key))
      throw new ValidationError([
        { where: `${where}: id`, message: `duplicate id "${key}"; ids must be unique` },
      ]);
    seen.add(key);
    examples.push(example);
  };
  // An array is read synchronously: awaiting each of 100k items costs more than scoring them.
  if (Array.isArray(dataset)) for (const example of dataset as readonly Example[]) check(example);
  else for await (const example of dataset) check(example);
  return examples;
}

/** The mean of every score field the rows carry, plus latency and compression ratio. */
function defaultMetrics(rows: readonly EvalRow[]): Metric[] {
  const fields = new Set<string>();
  for (const row of rows) for (const field of Object.keys(row.scores)) fields.add(field);
  return [
    ...[...fields].sort().map((field) => meanScore({ scoreField: field })),
    latency(),
    compressionRatio(),
  ];
}

/**
 * Runs every system over the dataset, scores each output with every evaluator and aggregates per system.
 * Rows keep dataset order whatever finishes first; a failing example becomes an error row and the run goes on.
 * With a store, rows are written as they finish and a re-run with the same fingerprint resumes.
 * @example
 * const result = await evaluate({ systems: [identitySystem()], dataset: [{ id: 1, context: 'Paris', answer: 'Paris' }], evaluators: [answerQuality()] });
 */
export async function evaluate(options: EvaluateOptions): Promise<EvalResult> {
  const datasetName = options.datasetName ?? 'dataset';
  const datasetParams = options.datasetParams ?? {};
  const maxWorkers = options.maxWorkers ?? 4;
  if (!Number.isInteger(maxWorkers) || maxWorkers < 1)
    throw new ValidationError([
      { where: 'maxWorkers', message: `must be a whole number >= 1, got ${maxWorkers}` },
    ]);
  const names = options.systems.map((system) => system.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined)
    throw new ValidationError([
      { where: 'systems', message: `two systems are named "${duplicate}"; names must be unique` },
    ]);
  const examples = await materialize(options.dataset, datasetName);
  const ownStore = options.store === undefined && options.cacheDir !== undefined;
  const store =
    options.store ??
    (ownStore ? openStore({ path: join(options.cacheDir as string, 'compactkit.db') }) : undefined);
  const rows: EvalRow[] = [];
  const summary: Record<string, Record<string, number>> = {};
  const timing: Record<string, number> = {};
  const runIds: Record<string, string> = {};
  try {
    for (const system of options.systems) {
      const fingerprint = evaluationFingerprint({
        system,
        dataset: datasetName,
        datasetParams,
        evaluators: options.evaluators,
      });
      const run = store
        ? openEvaluationRun(store, {
            fingerprint,
            config: {
              system: system.name,
              systemConfig: system.config ?? {},
              dataset: datasetName,
              datasetParams,
              evaluators: options.evaluators.map((evaluator) => evaluator.name),
            },
          })
        : undefined;
      if (run) runIds[system.name] = run.runId;
      const start = performance.now();
      let systemRows: EvalRow[];
      try {
        systemRows = await runSystem(system, examples, { ...options, datasetName, maxWorkers, run });
      } catch (error) {
        if (run && store) store.runs.finish(run.runId, 'incomplete');
        throw error;
      }
      timing[system.name] = (performance.now() - start) / 1000;
      if (run && store) store.runs.finish(run.runId, 'complete');
      rows.push(...systemRows);
      const metrics = options.metrics ?? defaultMetrics(systemRows);
      const figures: Record<string, number> = {
        examples: systemRows.length,
        failed: systemRows.filter((row) => row.error).length,
      };
      for (const metric of metrics) Object.assign(figures, metric.compute(systemRows));
      summary[system.name] = figures;
    }
  } finally {
    if (ownStore) store?.close();
  }
  return new EvalResult({
    rows,
    summary,
    timing,
    config: {
      systems: options.systems.map((system) => ({ name: system.name, config: system.config ?? {} })),
      dataset: datasetName,
      datasetParams,
      examples: examples.length,
      evaluators: options.evaluators.map((evaluator) => evaluator.name),
      metrics: (options.metrics ?? []).map((metric) => metric.name),
      maxWorkers,
      ...(store ? { store: store.path, runIds } : {}),
    },
  });
}

/** One system over every example, reusing stored rows, in dataset order. */
async function runSystem(
  system: System,
  examples: readonly Example[],
  options: EvaluateOptions & { datasetName: string; maxWorkers: number; run: EvaluationRun | undefined },
): Promise<EvalRow[]> {
  const rows: EvalRow[] = new Array(examples.length);
  const pending: number[] = [];
  let resumed = 0;
  examples.forEach((example, index) => {
    const stored = options.run?.finished.get(String(example.id));
    if (stored) {
      rows[index] = stored;
      resumed += 1;
    } else pending.push(index);
  });
  let done = resumed;
  let failed = 0;
  const report = () =>
    options.onProgress?.({ system: system.name, done, total: examples.length, failed, resumed });
  report();
  const context = { evaluators: options.evaluators, dataset: options.datasetName, signal: options.signal };
  try {
    await runPool(pending, options.maxWorkers, options.signal, async (index) => {
      const row = await processExample(system, examples[index] as Example, context);
      options.run?.write(row);
      rows[index] = row;
      done += 1;
      if (row.error) failed += 1;
      report();
    });
  } catch (error) {
    // An abort surfaces as whatever the system threw; what the user needs is that the run stopped.
    if (!options.signal?.aborted) throw error;
  }
  if (options.signal?.aborted)
    throw new CompactkitError(
      'stopped',
      `evaluation of ${system.name} stopped after ${done} of ${examples.length} examples; run it again to resume`,
    );
  return rows;
}
