import { expect } from 'vitest';

/** Options of `expectLinearGrowth`. */
export interface GrowthOptions {
  /** The two input sizes compared, in one process. */
  small: number;
  large: number;
  /**
   * The largest accepted ratio of the large size's time to the small one's. Set it well above linear
   * (`large / small`) and well below quadratic, so load on the machine cannot fail a linear implementation.
   */
  maxRatio: number;
  /** Timings of each size per attempt, interleaved; the fastest counts. 3 when absent. */
  repeats?: number;
  /** Attempts before failing: a burst of load during one attempt is not a regression. 3 when absent. */
  attempts?: number;
}

/**
 * Asserts that `work` grows about linearly between two sizes, without asserting any duration: only the ratio
 * of the fastest CPU timings of the two sizes, interleaved so that load slows both alike, with a wide margin, and
 * retried. A quadratic regression fails every attempt; a busy machine does not.
 */
export function expectLinearGrowth(work: (size: number) => void, options: GrowthOptions): void {
  const repeats = options.repeats ?? 3;
  const attempts = options.attempts ?? 3;
  const ratios: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let run = 0; run < repeats; run += 1) {
      small = Math.min(
        small,
        timed(() => work(options.small)),
      );
      large = Math.min(
        large,
        timed(() => work(options.large)),
      );
    }
    const ratio = large / Math.max(small, 0.5);
    ratios.push(ratio);
    if (ratio < options.maxRatio) return;
  }
  expect(
    Math.min(...ratios),
    `time ratio of size ${options.large} to size ${options.small}, fastest of each, in ${attempts} attempts: ${ratios.map((ratio) => ratio.toFixed(1)).join(', ')}`,
  ).toBeLessThan(options.maxRatio);
}

// CPU time of this process (each test file runs in its own fork), not wall time: other processes on a busy
// machine (a second test run, a build) stretch the wall clock of one size more than the other, not its CPU time.
function timed(run: () => void): number {
  const started = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}
