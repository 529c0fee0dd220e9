// How fast each deterministic method compacts the elite suite's 100k-token cases, for `npm run bench:perf`:
// every elite template at elite difficulty (slot 0), generated once; then per method, cycle 0 of every case
// in turn on this one thread, repeated `runs` times. Rates are cases per second on one core.
import { generateCase } from '../src/bench/generate/index.js';
import { resolveSuite } from '../src/bench/suites/index.js';
import { builtInCompactors, defaultBlockMethod, instantiateMethod } from '../src/compactors/index.js';
import type { Message } from '../src/messages/types.js';
import { countMessagesTokens } from './count-messages-tokens.js';

/** Cases per second of each deterministic built-in method on 100k-token cases (median of `runs`). */
export async function measureMethodRates(runs: number): Promise<{
  cases: number;
  meanTranscriptTokens: number;
  casesPerSecond: Record<string, number>;
}> {
  const suite = await resolveSuite('elite');
  const transcripts: Message[][] = suite.templates.map(
    ({ template }) =>
      generateCase(template, {
        suite: suite.key,
        suiteVersion: suite.version,
        difficulty: 'elite',
        seedGroup: '0',
        slot: 0,
      }).transcript,
  );
  const meanTranscriptTokens = Math.round(
    transcripts.reduce((sum, transcript) => sum + countMessagesTokens(transcript), 0) / transcripts.length,
  );
  const casesPerSecond: Record<string, number> = {};
  const methods = builtInCompactors()
    .filter((method) => method.deterministic && !method.needsModel)
    .map((compactor) => ({ label: compactor.name, compactor }));
  // The engine's legacy path is an option of default-block, and much slower than its block path.
  methods.push({
    label: 'default-block strategy=legacy',
    compactor: instantiateMethod(defaultBlockMethod, { strategy: 'legacy' }),
  });
  for (const { label, compactor } of methods) {
    const rates: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      for (const transcript of transcripts) await compactor.compact({ transcript }, {});
      rates.push((transcripts.length / (performance.now() - started)) * 1000);
    }
    rates.sort((a, b) => a - b);
    casesPerSecond[label] = Number((rates[Math.floor(rates.length / 2)] as number).toFixed(1));
  }
  return { cases: transcripts.length, meanTranscriptTokens, casesPerSecond };
}
