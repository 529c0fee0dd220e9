import type { EvalRow, Metric } from '../types.js';
import { bootstrapMeanInterval, mean, percentile } from './statistics.js';

/** The scored rows: error rows and rows without the field are left out (not counted as 0). */
function scoresOf(rows: readonly EvalRow[], field: string): number[] {
  const values: number[] = [];
  for (const row of rows) {
    const value = row.error ? undefined : row.scores[field];
    if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
  }
  return values;
}

/** `mean_<field>`, its bootstrap 95% interval (`mean_<field>_low` / `_high`) and how many rows had it. */
export function meanScore(options: { scoreField?: string; resamples?: number } = {}): Metric {
  const field = options.scoreField ?? 'f1';
  return {
    name: `mean_score(${field})`,
    compute(rows): Record<string, number> {
      const values = scoresOf(rows, field);
      const interval = bootstrapMeanInterval(values, {
        seed: `mean_${field}`,
        ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
      });
      return {
        [`mean_${field}`]: mean(values),
        [`mean_${field}_low`]: interval.low,
        [`mean_${field}_high`]: interval.high,
        [`scored_${field}`]: values.length,
      };
    },
  };
}

/**
 * `pass_rate`: the share of rows whose field reaches the threshold. Error rows count as failures (a system
 * that crashes does not pass); rows the evaluator could not score are left out.
 */
export function passRate(options: { scoreField?: string; threshold?: number } = {}): Metric {
  const field = options.scoreField ?? 'f1';
  const threshold = options.threshold ?? 0.7;
  return {
    name: `pass_rate(${field}>=${threshold})`,
    compute(rows): Record<string, number> {
      let passed = 0;
      let counted = 0;
      for (const row of rows) {
        const value = row.scores[field];
        if (row.error) counted += 1;
        else if (typeof value === 'number') {
          counted += 1;
          if (value >= threshold) passed += 1;
        }
      }
      return { pass_rate: counted === 0 ? Number.NaN : passed / counted, passed };
    },
  };
}

/**
 * `compression_ratio`: original context tokens over the tokens of the context the system produced, summed over
 * rows that produced one (the reference divides by the answer's length instead). `context_kept` is the inverse.
 */
export function compressionRatio(): Metric {
  return {
    name: 'compression_ratio',
    compute(rows): Record<string, number> {
      let original = 0;
      let processed = 0;
      for (const row of rows) {
        if (row.error || row.contextTokens.processed === undefined) continue;
        original += row.contextTokens.original;
        processed += row.contextTokens.processed;
      }
      if (original === 0) return {};
      return {
        compression_ratio: processed === 0 ? Number.POSITIVE_INFINITY : original / processed,
        context_kept: processed / original,
      };
    },
  };
}

/** Total `costUsd` the system reported, and `cost_of_pass`: that total divided by the passing rows. */
export function costOfPass(options: { scoreField?: string; threshold?: number } = {}): Metric {
  const field = options.scoreField ?? 'f1';
  const threshold = options.threshold ?? 0.7;
  return {
    name: 'cost_of_pass',
    compute(rows): Record<string, number> {
      let cost = 0;
      let priced = 0;
      let passed = 0;
      for (const row of rows) {
        const value = row.metadata.costUsd;
        if (typeof value === 'number') {
          cost += value;
          priced += 1;
        }
        const score = row.scores[field];
        if (!row.error && typeof score === 'number' && score >= threshold) passed += 1;
      }
      if (priced === 0) return {};
      return { cost_usd: cost, cost_of_pass: passed === 0 ? Number.POSITIVE_INFINITY : cost / passed };
    },
  };
}

/** Latency in seconds over rows that ran: mean, p50, p95, p99 (interpolated percentiles). */
export function latency(): Metric {
  return {
    name: 'latency',
    compute(rows): Record<string, number> {
      const values = rows.filter((row) => !row.error).map((row) => row.latency);
      return {
        latency_mean: mean(values),
        latency_p50: percentile(values, 50),
        latency_p95: percentile(values, 95),
        latency_p99: percentile(values, 99),
      };
    },
  };
}

/** `mean_<field>@<dataset>` for each dataset tag among the rows. */
export function perDatasetBreakdown(options: { scoreField?: string } = {}): Metric {
  const field = options.scoreField ?? 'f1';
  return {
    name: `per_dataset(${field})`,
    compute(rows): Record<string, number> {
      const byDataset = new Map<string, EvalRow[]>();
      for (const row of rows) byDataset.set(row.dataset, [...(byDataset.get(row.dataset) ?? []), row]);
      const result: Record<string, number> = {};
      for (const [dataset, group] of [...byDataset].sort(([a], [b]) => a.localeCompare(b)))
        result[`mean_${field}@${dataset}`] = mean(scoresOf(group, field));
      return result;
    },
  };
}

/** `tokens_per_point`: input plus output tokens spent per unit of mean score (lower is better). */
export function tokenEfficiency(options: { scoreField?: string } = {}): Metric {
  const field = options.scoreField ?? 'f1';
  return {
    name: 'token_efficiency',
    compute(rows): Record<string, number> {
      const ran = rows.filter((row) => !row.error);
      if (ran.length === 0) return {};
      let tokens = 0;
      for (const row of ran) tokens += (row.contextTokens.processed ?? row.inputTokens) + row.outputTokens;
      const score = mean(scoresOf(rows, field));
      return {
        tokens_per_example: tokens / ran.length,
        tokens_per_point: score > 0 ? tokens / ran.length / score : Number.POSITIVE_INFINITY,
      };
    },
  };
}
