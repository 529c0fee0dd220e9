import { ValidationError } from '../../errors.js';
import { createPrng } from '../random/prng.js';
import { type CaseSummary, type RunStatistics, runStatistics } from './run-statistics.js';

/** A confidence interval: [low, high]. */
export type Interval = [number, number];

/** 95% bootstrap intervals of the run's headline numbers. */
export interface RunIntervals {
  overall: Interval;
  driftResistance: Interval;
  constraintRetention: Interval;
  compressionRatio: Interval;
  eliteScore: Interval;
}

/** How to resample. */
export interface BootstrapOptions {
  /** Number of resamples; default 1000. */
  resamples?: number;
  /** Seed of the resampling; default 'compactkit-bootstrap'. The same seed gives the same intervals. */
  seed?: string;
}

/** The default number of bootstrap resamples. */
export const DEFAULT_BOOTSTRAP_RESAMPLES = 1000;
/** The default seed of the bootstrap resampling. */
export const DEFAULT_BOOTSTRAP_SEED = 'compactkit-bootstrap';

const INTERVAL_KEYS = [
  'overall',
  'driftResistance',
  'constraintRetention',
  'compressionRatio',
  'eliteScore',
] as const;

/**
 * 95% percentile bootstrap intervals: cases (failed ones included) are drawn with replacement, as many as the
 * run has, the run numbers recomputed for each resample, and the 2.5th and 97.5th percentiles taken. The
 * draws come from createPrng, so the intervals are the same on every machine. No cases give [0, 0].
 */
export function bootstrapIntervals(
  summaries: readonly CaseSummary[],
  options: BootstrapOptions = {},
): RunIntervals {
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new ValidationError([
      { where: 'bootstrap.resamples', message: `must be a whole number of at least 1, got ${resamples}` },
    ]);
  }
  type Key = (typeof INTERVAL_KEYS)[number];
  const samples: Record<Key, number[]> = {
    overall: [],
    driftResistance: [],
    constraintRetention: [],
    compressionRatio: [],
    eliteScore: [],
  };
  if (summaries.length > 0) {
    const prng = createPrng(options.seed ?? DEFAULT_BOOTSTRAP_SEED);
    const resample: CaseSummary[] = new Array(summaries.length);
    for (let round = 0; round < resamples; round++) {
      for (let index = 0; index < summaries.length; index++) {
        resample[index] = summaries[prng.int(0, summaries.length - 1)] as CaseSummary;
      }
      const statistics: RunStatistics = runStatistics(resample);
      for (const key of INTERVAL_KEYS) samples[key].push(statistics[key]);
    }
  }
  const interval = (key: Key): Interval => {
    const sorted = samples[key].sort((left, right) => left - right);
    return [percentile(sorted, 0.025), percentile(sorted, 0.975)];
  };
  return {
    overall: interval('overall'),
    driftResistance: interval('driftResistance'),
    constraintRetention: interval('constraintRetention'),
    compressionRatio: interval('compressionRatio'),
    eliteScore: interval('eliteScore'),
  };
}

/** The `fraction` quantile of sorted values, interpolating linearly between neighbours. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}
