// Cases generated per second per difficulty, over every template of the elite suite (for `npm run bench:perf`).
import { generateCase } from '../src/bench/generate/index.js';
import { resolveSuite } from '../src/bench/suites/index.js';
import type { Difficulty } from '../src/bench/template/index.js';

/** Median cases per second of generating each elite template once per run, per difficulty. */
export async function measureGenerationRate(runs: number): Promise<Record<Difficulty, number>> {
  const suite = await resolveSuite('elite');
  const rates = {} as Record<Difficulty, number>;
  for (const difficulty of ['easy', 'medium', 'hard', 'elite'] as const) {
    const perRun: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      for (const { template } of suite.templates) {
        generateCase(template, {
          suite: suite.key,
          suiteVersion: suite.version,
          difficulty,
          seedGroup: `perf-${run}`,
          slot: 0,
        });
      }
      perRun.push((suite.templates.length / (performance.now() - started)) * 1000);
    }
    perRun.sort((a, b) => a - b);
    rates[difficulty] = Math.round(perRun[Math.floor(perRun.length / 2)] ?? 0);
  }
  return rates;
}
