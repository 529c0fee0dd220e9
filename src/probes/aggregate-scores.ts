import { createPrng } from '../bench/random/index.js';
import type { ProbeType } from './probe-types.js';

/** One judged answer, reduced to what aggregation needs. */
export interface ScoredAnswer {
  method: string;
  probeType: ProbeType;
  session: string;
  taskType: string;
  aggregateScore: number;
  dimensionScores: Record<string, number>;
}

/** A mean with its bootstrap 95% interval and how many answers are behind it. */
export interface ScoreEstimate {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** The seed's table row for one group: overall and each dimension. */
export interface GroupScores {
  overall: ScoreEstimate;
  dimensions: Record<string, ScoreEstimate>;
}

/** Every breakdown the seed reports: per method, and per method within probe type, session and task type. */
export interface ProbeAggregate {
  byMethod: Record<string, GroupScores>;
  byMethodAndProbeType: Record<string, Record<string, GroupScores>>;
  byMethodAndSession: Record<string, Record<string, GroupScores>>;
  byMethodAndTaskType: Record<string, Record<string, GroupScores>>;
}

/** Bootstrap resamples per interval: enough for stable 2.5% / 97.5% percentiles at two decimals. */
const RESAMPLES = 2000;

/**
 * Aggregates judged answers as seed 004 does: each answer's overall is already the unweighted mean of its
 * dimensions (weighted means of criteria); a group's figure is the mean over its answers, with a percentile
 * bootstrap 95% interval seeded from the group's name (same data, same interval, on any machine).
 */
export function aggregateScores(answers: readonly ScoredAnswer[]): ProbeAggregate {
  const byMethod: Record<string, GroupScores> = {};
  const nested = (key: (answer: ScoredAnswer) => string) => {
    const result: Record<string, Record<string, GroupScores>> = {};
    for (const [method, group] of groupBy(answers, (answer) => answer.method)) {
      result[method] = {};
      for (const [name, members] of groupBy(group, key)) {
        (result[method] as Record<string, GroupScores>)[name] = groupScores(members, `${method}/${name}`);
      }
    }
    return result;
  };
  for (const [method, group] of groupBy(answers, (answer) => answer.method))
    byMethod[method] = groupScores(group, method);
  return {
    byMethod,
    byMethodAndProbeType: nested((answer) => answer.probeType),
    byMethodAndSession: nested((answer) => answer.session),
    byMethodAndTaskType: nested((answer) => answer.taskType),
  };
}

function groupScores(answers: readonly ScoredAnswer[], seed: string): GroupScores {
  const dimensions: Record<string, ScoreEstimate> = {};
  const ids = [...new Set(answers.flatMap((answer) => Object.keys(answer.dimensionScores)))].sort();
  for (const id of ids) {
    const values = answers.flatMap((answer) => {
      const value = answer.dimensionScores[id];
      return value === undefined ? [] : [value];
    });
    dimensions[id] = estimate(values, `${seed}/${id}`);
  }
  return {
    overall: estimate(
      answers.map((answer) => answer.aggregateScore),
      `${seed}/overall`,
    ),
    dimensions,
  };
}

/** The mean and its percentile bootstrap 95% interval. */
export function estimate(values: readonly number[], seed: string): ScoreEstimate {
  const n = values.length;
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, n };
  // Sorted first, so mean and interval depend on the values, not on the order they were judged or resumed in
  // (floating-point sums differ in the last bit with the order).
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / n;
  if (n === 1) return { mean, low: mean, high: mean, n };
  const prng = createPrng(`probe-bootstrap/${seed}`);
  const means: number[] = [];
  for (let sample = 0; sample < RESAMPLES; sample++) {
    let sum = 0;
    for (let draw = 0; draw < n; draw++) sum += sorted[prng.int(0, n - 1)] as number;
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  return {
    mean,
    low: means[Math.floor(RESAMPLES * 0.025)] as number,
    high: means[Math.ceil(RESAMPLES * 0.975) - 1] as number,
    n,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const list = map.get(name);
    if (list) list.push(item);
    else map.set(name, [item]);
  }
  return map;
}
