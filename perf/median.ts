import { percentile } from '../src/evaluate/metrics/statistics.js';

/** The median of the benchmark scripts' runs (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
