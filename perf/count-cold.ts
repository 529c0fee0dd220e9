// Child process of perf/perf.ts: counts one generated 1 MB text in a fresh process, so no table, merge cache
// or JIT state from an earlier run helps. Prints JSON on stdout.
import { countTextTokens } from '../src/tokens/index.js';
import { generateMixedText } from './fixtures/generate-mixed-text.js';

const seed = process.argv[2] ?? 'perf-mixed-0';
const text = generateMixedText({ seed, bytes: 1_000_000 });
const start = performance.now();
const tokens = countTextTokens(text);
const ms = performance.now() - start;
// A second pass over the same text in the same process: the steady state after tables and JIT are warm.
const warmStart = performance.now();
countTextTokens(text);
const warmMs = performance.now() - warmStart;
process.stdout.write(JSON.stringify({ tokens, ms, warmMs }));
