import { ValidationError } from '../errors.js';
import type { Store } from '../store/index.js';
import { EvalResult } from './eval-result.js';
import { evalRowSchema } from './eval-row-schema.js';
import {
  compressionRatio,
  costOfPass,
  latency,
  meanScore,
  passRate,
  perDatasetBreakdown,
  tokenEfficiency,
} from './metrics/built-in-metrics.js';
import type { EvalRow } from './types.js';

// The score a report leads with when the rows have it, in this order.
const PRIMARY_FIELDS = [
  'f1',
  'mc_accuracy',
  'math_equiv',
  'rouge_l_f1',
  'nli_accuracy',
  'prompt_level_strict',
  'pass_at_1',
  'retention',
  'judge',
];

/** The score field a summary leads with: the first known one the rows carry, else the first seen. */
export function primaryScoreField(rows: readonly EvalRow[]): string {
  const seen = new Set(rows.flatMap((row) => Object.keys(row.scores)));
  return PRIMARY_FIELDS.find((field) => seen.has(field)) ?? [...seen][0] ?? 'f1';
}

/**
 * The rows of stored evaluation runs, one per example (a later success beats an earlier error), re-summarised
 * from the rows: nothing is read from stored aggregates.
 * @throws ValidationError when a run is not an evaluation run or a stored row does not parse.
 */
export function readEvaluationResult(
  store: Store,
  runIds: readonly string[],
  options: { scoreField?: string; threshold?: number } = {},
): { result: EvalResult; scoreField: string } {
  const rows: EvalRow[] = [];
  const runs: Record<string, string> = {};
  for (const runId of runIds) {
    const contents = store.readRun(runId);
    if (contents.run.kind !== 'evaluate')
      throw new ValidationError([
        { where: `run ${runId}`, message: `is a ${contents.run.kind} run, not an evaluation run` },
      ]);
    const byExample = new Map<string, EvalRow>();
    for (const stored of contents.evaluationRows) {
      const parsed = evalRowSchema.safeParse(stored.data);
      if (!parsed.success)
        throw new ValidationError([
          {
            where: `run ${runId}, row ${stored.rowKey}`,
            message: parsed.error.issues[0]?.message ?? 'invalid row',
          },
        ]);
      const row: EvalRow = parsed.data;
      const key = String(row.exampleId);
      const previous = byExample.get(key);
      if (previous === undefined || previous.error !== undefined) byExample.set(key, row);
    }
    for (const row of byExample.values()) {
      runs[row.system] = runId;
      rows.push(row);
    }
  }
  const scoreField = options.scoreField ?? primaryScoreField(rows);
  const threshold = options.threshold ?? 0.7;
  const summary: Record<string, Record<string, number>> = {};
  const systems = [...new Set(rows.map((row) => row.system))];
  for (const system of systems) {
    const systemRows = rows.filter((row) => row.system === system);
    const figures: Record<string, number> = {
      examples: systemRows.length,
      failed: systemRows.filter((row) => row.error).length,
    };
    for (const metric of [
      meanScore({ scoreField }),
      passRate({ scoreField, threshold }),
      costOfPass({ scoreField, threshold }),
      latency(),
      compressionRatio(),
      perDatasetBreakdown({ scoreField }),
      tokenEfficiency({ scoreField }),
    ])
      Object.assign(figures, metric.compute(systemRows));
    summary[system] = figures;
  }
  const datasets = [...new Set(rows.map((row) => row.dataset))];
  return {
    result: new EvalResult({
      rows,
      summary,
      timing: {},
      config: { dataset: datasets.join(', '), runIds: runs, scoreField, threshold },
    }),
    scoreField,
  };
}
