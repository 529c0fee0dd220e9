// `npm run bench:perf`: speed and memory of counting and compaction, as JSON with medians over several runs.
// Targets come from the foundation issue; `pass` says whether this machine met each one.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  buildContextFromSession,
  compactSessionLoops,
  createLoopRecord,
  createSession,
  defineCompactionConfig,
} from '../src/compaction/index.js';
import type { Message } from '../src/messages/types.js';
import { countTextTokens, createTokenCounter } from '../src/tokens/index.js';
import { measureAiSdkStep, measureToolLoopTurn } from './agent-loop.js';
import { measureEvaluateThroughput } from './evaluate-throughput.js';
import { generateAgentSession } from './fixtures/generate-agent-session.js';
import { createPrng } from './fixtures/prng.js';
import { measureGenerationRate } from './generation-rate.js';
import { median } from './median.js';
import { measureMethodRates } from './method-rate.js';
import { measureMethodScaling } from './method-scaling.js';
import { measureRootImport } from './root-import.js';
import { measureStorage } from './storage-size.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

function time<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}

async function timeAsync<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

// 1. Counting 1 MB of mixed English and code, each run in a fresh process: truly cold, table loading included.
const countingRuns: { ms: number; warmMs: number; tokens: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./count-cold.ts', import.meta.url)), `perf-mixed-${run}`],
    {
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`count-cold.ts failed: ${child.stderr}`);
  countingRuns.push(JSON.parse(child.stdout) as { ms: number; warmMs: number; tokens: number });
}
const tokensPerSecond = countingRuns.map((run) => (run.tokens / run.ms) * 1000);
const warmTokensPerSecond = countingRuns.map((run) => (run.tokens / run.warmMs) * 1000);

// 2. One 1 MB unbroken "word" (random letters), the input that makes plain BPE quadratic.
const wordRuns: number[] = [];
for (let run = 0; run < Math.min(RUNS, 5); run++) {
  const prng = createPrng(`perf-word-${run}`);
  const word = Array.from({ length: 1_000_000 }, () => String.fromCharCode(97 + prng.int(0, 25))).join('');
  wordRuns.push(time(() => countTextTokens(word)).ms);
}
// The other unbroken megabytes that are one pre-tokenizer piece each, counted whole and exactly.
const unbrokenRuns = { cjk: [] as number[], spaces: [] as number[] };
for (let run = 0; run < Math.min(RUNS, 5); run++) {
  unbrokenRuns.cjk.push(time(() => countTextTokens('你好世界这是一个没有标点的句子'.repeat(22_223))).ms);
  unbrokenRuns.spaces.push(time(() => countTextTokens(' '.repeat(1_000_000))).ms);
}

// 3. Compacting a 500-turn agent session with the default block strategy, fresh counter each run (cold).
const generated = generateAgentSession({ seed: 'perf-session', turns: 500 });
const sessionTokens = createTokenCounter().countMessages(generated.messages);
const config = defineCompactionConfig();
const compactRuns: number[] = [];
const compactAndBuildRuns: number[] = [];
let contextTokens = 0;
for (let run = 0; run < RUNS; run++) {
  const counter = createTokenCounter();
  const session = createSession('perf', [createLoopRecord({ id: 'loop', messages: generated.messages })]);
  const compacted = await timeAsync(() =>
    compactSessionLoops({ session, currentLoopId: 'loop', config, maxContextTokens: 200_000, counter }),
  );
  const built = time(() =>
    buildContextFromSession({
      session: compacted.value.session,
      currentLoopId: 'loop',
      config,
      maxContextTokens: 200_000,
      counter,
    }),
  );
  compactRuns.push(compacted.ms);
  compactAndBuildRuns.push(compacted.ms + built.ms);
  contextTokens = counter.countMessages(built.value.messages);
}

// 4. Re-counting after one appended message, with the history already counted once.
const recountRuns: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const counter = createTokenCounter();
  const history: Message[] = [...generated.messages];
  counter.countMessages(history);
  history.push({
    role: 'user',
    content: `Follow-up number ${run}: rerun the failing test and show me the diff.`,
  });
  recountRuns.push(time(() => counter.countMessages(history)).ms);
}

// 4b. The agent loop: the AI SDK helper per step without compaction, and one 200k-token tool-loop turn.
const aiSdkStep = await measureAiSdkStep();
const toolLoopTurn = await measureToolLoopTurn(Math.min(RUNS, 3));

// Taken before the benchmark sections, which hold whole generated cases: this is the engine's footprint.
const peakRssMb = process.resourceUsage().maxRSS / 1024;

// 5. Benchmark cases generated per second, per difficulty, over the elite suite's templates.
const generationRate = await measureGenerationRate(Math.min(RUNS, 5));
const methodRates = await measureMethodRates(Math.min(RUNS, 5));
// 5b. How each deterministic method's time grows from 50k to 1M-token sessions (structured-state against default-block).
const methodScaling = await measureMethodScaling(Math.min(RUNS, 5));

// 6. A full offline elite run (oracle and null, lexical target), each run in a fresh process.
const eliteRuns: { wallMs: number; peakRssMb: number; templates: number; results: unknown[] }[] = [];
for (let run = 0; run < Number(process.env.BENCH_ELITE_RUNS ?? 3); run++) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./elite-run.ts', import.meta.url))],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`elite-run.ts failed: ${child.stderr}`);
  eliteRuns.push(JSON.parse(child.stdout) as (typeof eliteRuns)[number]);
}
const eliteWallMs = median(eliteRuns.map((run) => run.wallMs));
const elitePeakRssMb = Math.max(...eliteRuns.map((run) => run.peakRssMb));

// 7. Importing the package root in a fresh process (odd run count: a true median).
const rootImport = measureRootImport(RUNS % 2 === 1 ? RUNS : RUNS + 1);
const evaluatePipeline = measureEvaluateThroughput(Math.min(RUNS, 5));

const report = {
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length, runs: RUNS },
  counting: {
    input: '1 MB generated English + code, a new text and a fresh process each run',
    tokens: median(countingRuns.map((run) => run.tokens)),
    medianColdMs: round(median(countingRuns.map((run) => run.ms))),
    medianColdTokensPerSecond: Math.round(median(tokensPerSecond)),
    medianWarmTokensPerSecond: Math.round(median(warmTokensPerSecond)),
    target: '>= 1,000,000 tokens/s',
    pass: median(tokensPerSecond) >= 1_000_000,
  },
  longWord: {
    input: 'one 1,000,000-character word of random letters',
    medianMs: round(median(wordRuns)),
    target: '< 1000 ms',
    pass: median(wordRuns) < 1000,
    otherUnbrokenMegabytes: {
      cjkNoPunctuationMedianMs: round(median(unbrokenRuns.cjk)),
      spacesMedianMs: round(median(unbrokenRuns.spaces)),
    },
  },
  compaction: {
    input: `generated 500-turn agent session, ${generated.messages.length} messages, ${sessionTokens} tokens`,
    strategy: 'DefaultBlockCompaction, default config, cold counter',
    medianCompactMs: round(median(compactRuns)),
    medianCompactAndBuildMs: round(median(compactAndBuildRuns)),
    contextTokensAfter: contextTokens,
    target: '< 100 ms',
    pass: median(compactRuns) < 100,
  },
  recountAfterAppend: {
    medianMs: round(median(recountRuns), 3),
    target: '< 5 ms',
    pass: median(recountRuns) < 5,
  },
  aiSdkStep,
  toolLoopTurn,
  memory: { peakRssMb: round(peakRssMb, 1), target: '< 400 MB', pass: peakRssMb < 400 },
  benchGeneration: {
    input: 'every elite template once per run, one case each',
    medianCasesPerSecond: generationRate,
  },
  methodRate: {
    input: `cycle 0 of every elite template at elite difficulty (${methodRates.cases} cases, mean ${methodRates.meanTranscriptTokens} tokens), one thread`,
    medianCasesPerSecond: methodRates.casesPerSecond,
    target: '>= 5 cases/s per core for every deterministic method',
    pass: Object.values(methodRates.casesPerSecond).every((rate) => rate >= 5),
  },
  rootImport: {
    input: "import 'compactkit' (dist/index.js) in a fresh process; zod alone as the floor every import pays",
    ...rootImport,
    target: '< 300 ms cold',
    pass: rootImport.medianMs < 300,
  },
  methodScaling,
  eliteRun: {
    input: `the README's first command: elite suite, ${eliteRuns[0]?.templates ?? 0} templates x 4 difficulties x 1 slot x (cycle 0 + 2 drift cycles), every deterministic built-in method, lexical target, fresh process and store`,
    runs: eliteRuns.length,
    medianWallMs: Math.round(eliteWallMs),
    maxPeakRssMb: round(elitePeakRssMb, 1),
    results: eliteRuns[0]?.results,
    target: '< 300,000 ms (a few minutes) and < 1,536 MB',
    pass: eliteWallMs < 300_000 && elitePeakRssMb < 1536,
  },
  storage: measureStorage(),
  evaluatePipeline,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
