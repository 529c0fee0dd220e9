import { createHash } from 'node:crypto';

/** The mean of a list, or NaN for an empty one. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * The p-th percentile (0..100) by linear interpolation between closest ranks (the "type 7" definition of R and
 * NumPy), not the nearest-rank shortcut that jumps between samples.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (p / 100) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const fraction = position - below;
  return (sorted[below] as number) * (1 - fraction) + (sorted[above] as number) * fraction;
}

/** A seeded uniform generator in [0, 1) (mulberry32 from a SHA-256 of the seed): same seed, same numbers. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Above this many values the interval is the normal one: the bootstrap converges to it, at n x resamples cost. */
export const BOOTSTRAP_MAX_VALUES = 10_000;

/**
 * A 95% interval of the mean: a percentile bootstrap (`resamples` draws, fixed seed) up to
 * `BOOTSTRAP_MAX_VALUES` values, the normal interval (mean ± 1.96 standard errors) above.
 */
export function bootstrapMeanInterval(
  values: readonly number[],
  options: { resamples?: number; seed?: string } = {},
): { low: number; high: number } {
  if (values.length === 0) return { low: Number.NaN, high: Number.NaN };
  if (values.length > BOOTSTRAP_MAX_VALUES) {
    const center = mean(values);
    let squares = 0;
    for (const value of values) squares += (value - center) ** 2;
    const standardError = Math.sqrt(squares / (values.length - 1) / values.length);
    return { low: center - 1.96 * standardError, high: center + 1.96 * standardError };
  }
  const resamples = options.resamples ?? 1000;
  const random = seededRandom(options.seed ?? 'compactkit-bootstrap');
  const means: number[] = [];
  for (let round = 0; round < resamples; round += 1) {
    let sum = 0;
    for (let draw = 0; draw < values.length; draw += 1)
      sum += values[Math.floor(random() * values.length)] as number;
    means.push(sum / values.length);
  }
  return { low: percentile(means, 2.5), high: percentile(means, 97.5) };
}
