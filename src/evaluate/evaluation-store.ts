import { createHash } from 'node:crypto';
import { ValidationError } from '../errors.js';
import { canonicalJson } from '../llm/index.js';
import type { Store } from '../store/index.js';
import { evalRowSchema } from './eval-row-schema.js';
import type { EvalRow, Evaluator, System } from './types.js';

/** Bumped when rows of the same inputs would score differently, so old rows are not reused. */
export const EVALUATION_VERSION = '1';

/** What makes two evaluations of one system comparable. */
export interface FingerprintInput {
  system: System;
  dataset: string;
  datasetParams: Readonly<Record<string, unknown>>;
  evaluators: readonly Evaluator[];
}

/**
 * The resume key of one system's evaluation: its name and config (which holds its model), the dataset and its
 * parameters, and each evaluator with its config. The reference leaves the model out and reuses stale rows.
 */
export function evaluationFingerprint(input: FingerprintInput): string {
  const material = canonicalJson({
    version: EVALUATION_VERSION,
    system: { name: input.system.name, config: input.system.config ?? {} },
    dataset: { name: input.dataset, params: input.datasetParams },
    evaluators: input.evaluators.map((evaluator) => ({
      name: evaluator.name,
      config: evaluator.config ?? {},
    })),
  });
  return createHash('sha256').update(material).digest('hex');
}

/** A stored evaluation being written or resumed. */
export interface EvaluationRun {
  runId: string;
  /** Finished rows by example id, reused instead of run again. */
  finished: Map<string, EvalRow>;
  /** Stores a row as soon as it is done (a run killed after this keeps it). */
  write(row: EvalRow): void;
}

/**
 * Opens the newest stored run with this fingerprint, or creates one. Successful rows are reused; error rows
 * are kept for the record under `<id>#error-<n>` and the example is run again.
 */
export function openEvaluationRun(
  store: Store,
  options: { fingerprint: string; config: Record<string, unknown> },
): EvaluationRun {
  const existing = store.runs.list({ kind: 'evaluate', fingerprint: options.fingerprint, limit: 1 })[0];
  const run =
    existing ??
    store.runs.create({
      kind: 'evaluate',
      fingerprint: options.fingerprint,
      config: options.config,
      versions: { evaluation: EVALUATION_VERSION },
    });
  const finished = new Map<string, EvalRow>();
  const errorCounts = new Map<string, number>();
  if (existing) {
    for (const stored of store.readRun(run.id).evaluationRows) {
      const parsed = evalRowSchema.safeParse(stored.data);
      if (!parsed.success) {
        throw new ValidationError([
          {
            where: `${store.path}: run ${run.id}, evaluation row ${stored.rowKey}`,
            message: `not an evaluation row (${parsed.error.issues[0]?.message ?? 'invalid'})`,
          },
        ]);
      }
      const row: EvalRow = parsed.data;
      const key = String(row.exampleId);
      if (row.error) errorCounts.set(key, (errorCounts.get(key) ?? 0) + 1);
      else finished.set(key, row);
    }
  }
  return {
    runId: run.id,
    finished,
    write(row) {
      const key = String(row.exampleId);
      let rowKey = key;
      if (row.error) {
        const attempt = (errorCounts.get(key) ?? 0) + 1;
        errorCounts.set(key, attempt);
        rowKey = `${key}#error-${attempt}`;
      }
      store.writeEvaluationRow(run.id, { rowKey, data: row });
    },
  };
}
