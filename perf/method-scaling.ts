// How the time of `structured-state` grows with session size, beside `default-block` on the same sessions in
// the same run, for `npm run bench:perf`; the other deterministic methods are timed alongside for their growth.
// Sessions come from the agent-session generator at about 50k, 200k and 1M tokens; each method compacts the
// whole session in one call, on this one thread, without and with a run budget; the methods take turns within
// each run so a slow moment of the machine hits them all.
// Run alone with `npx tsx perf/method-scaling.ts` (BENCH_RUNS sets the runs per size, 5 by default).
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  defaultBlockMethod,
  instantiateMethod,
  observationMaskingMethod,
  structuredStateMethod,
  truncateLastNMethod,
} from '../src/compactors/index.js';
import type { Compactor } from '../src/compactors/types.js';
import type { Message } from '../src/messages/types.js';
import { countMessagesTokens } from './count-messages-tokens.js';
import { generateAgentSession } from './fixtures/generate-agent-session.js';
import { median } from './median.js';

const SIZES = [50_000, 200_000, 1_000_000] as const;
/** A budget well under every session, so structured-state must drop entries and default-block must cut. */
const BUDGET_TOKENS = 8_000;

const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** The slope of log(ms) over log(tokens), least squares: 1 is linear, 2 quadratic. */
export function growthExponent(points: readonly { tokens: number; ms: number }[]): number {
  const xs = points.map((point) => Math.log(point.tokens));
  const ys = points.map((point) => Math.log(point.ms));
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let numerator = 0;
  let denominator = 0;
  xs.forEach((x, index) => {
    numerator += (x - meanX) * ((ys[index] as number) - meanY);
    denominator += (x - meanX) ** 2;
  });
  return denominator === 0 ? 0 : numerator / denominator;
}

/** A generated session of about `tokens` tokens: turns scaled from a short session's tokens per turn. */
function sessionOf(tokens: number, perTurn: number): { messages: Message[]; tokens: number } {
  const { messages } = generateAgentSession({ seed: 'method-scaling', turns: Math.round(tokens / perTurn) });
  return { messages, tokens: countMessagesTokens(messages) };
}

// A collection before each timed call, so no method pays for the garbage the one before it left.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Wall-clock and CPU milliseconds of one call (CPU: this process, so other work on the machine is left out). */
async function timeOnce(
  compactor: Compactor,
  messages: Message[],
  budgetTokens?: number,
): Promise<{ ms: number; cpuMs: number }> {
  collectGarbage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await compactor.compact(
    { transcript: messages, ...(budgetTokens === undefined ? {} : { budgetTokens }) },
    {},
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

type Row = { sessionTokens: number; ms: Record<string, number>; cpuMs: Record<string, number> };

/** One budget's rows: every method on every size, `runs` times, the methods taking turns within a run. */
async function measureRows(
  methods: Record<string, Compactor>,
  sessions: readonly { messages: Message[]; tokens: number }[],
  runs: number,
  budget: number | undefined,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const session of sessions) {
    const wall: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    for (let run = 0; run < runs; run++) {
      for (const [name, compactor] of Object.entries(methods)) {
        const timed = await timeOnce(compactor, session.messages, budget);
        wall[name] = [...(wall[name] ?? []), timed.ms];
        cpu[name] = [...(cpu[name] ?? []), timed.cpuMs];
      }
    }
    const medians = (times: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(times).map(([name, list]) => [name, round(median(list))]));
    rows.push({ sessionTokens: session.tokens, ms: medians(wall), cpuMs: medians(cpu) });
  }
  return rows;
}

/**
 * Median wall-clock and CPU ms of every deterministic method per session size, structured-state's ratio to
 * default-block, and each method's growth exponent. The targets are judged on CPU time: on a shared machine the
 * wall clock also counts the time other processes held the cores.
 */
export async function measureMethodScaling(runs = 5): Promise<Record<string, unknown>> {
  const methods: Record<string, Compactor> = {
    'structured-state': instantiateMethod(structuredStateMethod, {}),
    'default-block': instantiateMethod(defaultBlockMethod, {}),
    'default-block strategy=legacy': instantiateMethod(defaultBlockMethod, { strategy: 'legacy' }),
    'observation-masking': instantiateMethod(observationMaskingMethod, {}),
    'truncate-last-n': instantiateMethod(truncateLastNMethod, {}),
  };
  const probe = generateAgentSession({ seed: 'method-scaling', turns: 100 }).messages;
  const perTurn = countMessagesTokens(probe) / 100;
  // One untimed pass on the short session, so the first size timed does not pay for compiling the code.
  for (const compactor of Object.values(methods)) await timeOnce(compactor, probe);
  const sessions = SIZES.map((size) => sessionOf(size, perTurn));
  const report: Record<string, unknown> = {};
  for (const budget of [undefined, BUDGET_TOKENS]) {
    const rows = await measureRows(methods, sessions, runs, budget);
    const exponents = (key: 'ms' | 'cpuMs') =>
      Object.fromEntries(
        Object.keys(methods).map((name) => [
          name,
          round(
            growthExponent(rows.map((row) => ({ tokens: row.sessionTokens, ms: row[key][name] as number }))),
            2,
          ),
        ]),
      );
    const cpuExponents = exponents('cpuMs');
    const structured = (row: Row | undefined) => row?.cpuMs['structured-state'] ?? Number.POSITIVE_INFINITY;
    const ratios = rows.map((row) =>
      round((row.cpuMs['structured-state'] as number) / (row.cpuMs['default-block'] as number), 2),
    );
    report[budget === undefined ? 'noBudget' : `budget${budget}`] = {
      rows,
      structuredStateToDefaultBlock: ratios,
      exponent: { cpu: cpuExponents, wall: exponents('ms') },
      pass:
        structured(rows[1]) < 1000 &&
        structured(rows[2]) < 5000 &&
        ratios.every((ratio) => ratio <= 5) &&
        (cpuExponents['structured-state'] as number) <= 1.1,
    };
  }
  return {
    input: `generated agent sessions of ${sessions.map((session) => session.tokens.toLocaleString('en-US')).join(', ')} tokens, whole session in one call, ${runs} runs each, one thread; without a budget and with budgetTokens ${BUDGET_TOKENS}`,
    ...report,
    target:
      'structured-state < 1,000 ms at 200k and < 5,000 ms at 1M tokens (CPU), within 5x of default-block, growth exponent <= 1.1',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  process.stdout.write(`${JSON.stringify(await measureMethodScaling(runs), null, 2)}\n`);
}
