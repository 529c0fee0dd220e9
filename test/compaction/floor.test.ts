import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompactionConfig,
  CompactionEngine,
  CompactionScope,
  createLoopRecord,
  createSession,
  defineCompactionConfig,
  hasValidToolPairs,
  truncateToolOutputs,
} from '../../src/compaction/index.js';
import { assignTurns } from '../../src/messages/assign-turns.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { configArb, type LoopSpec, loopArb, loopMessages, turnArb } from './arbitraries.js';

const counter = createTokenCounter();
/**
 * The share of the budget a compaction that drops content uses, when there is that much material: half, in
 * sessions of many turns and in single-request tool loops alike.
 */
const FLOOR = { 'single-request tool loops': 0.5, 'generated sessions': 0.5 } as const;

/** A single-request tool loop: one user message and the steps of several generated turns. */
const singleTurnLoopArb: fc.Arbitrary<LoopSpec> = fc
  .record({
    turns: fc.array(turnArb, { minLength: 3, maxLength: 15 }),
    system: fc.option(fc.constant('Be careful.'), { nil: undefined }),
  })
  .map(({ turns, system }) => ({
    ...(system ? { system } : {}),
    turns: [{ user: turns[0]!.user, steps: turns.flatMap((turn) => turn.steps) }],
    numbering: 'none' as const,
    turnOffset: 0,
    turnGap: 1,
  }));

/** The engine's result for one loop compacted to a budget, or undefined when its pins alone exceed it. */
async function compact(spec: LoopSpec, config: CompactionConfig, fraction: number) {
  const messages = assignTurns(loopMessages(spec, 'F.'));
  const full = counter.countMessages(messages);
  const engine = new CompactionEngine({ maxContextTokens: 1_000_000, config, counter });
  const budgetTokens = Math.max(50, Math.floor(full * fraction));
  const prepared = await engine.prepareSession(
    createSession('s', [createLoopRecord({ id: 'L', messages })]),
    'L',
    {
      force: true,
      budgetTokens,
    },
  );
  const failure = prepared.events.find((event) => event.type === 'compaction-fail');
  if (failure && failure.type === 'compaction-fail') {
    expect(failure.error).toMatch(/pinned content is \d+ tokens, over the budget/);
    return undefined;
  }
  // What there is to keep: every message in its smaller form, whole or with its tool output truncated as the
  // recent window truncates it (a truncation marker can cost more than a short output).
  const truncate = { maxLines: config.toolOutputMaxLines, maxChars: config.toolOutputMaxChars };
  const truncated = truncateToolOutputs(messages, truncate);
  // Not material: a tool call that alone costs more than half the budget, with its results. The engine never cuts
  // a call's arguments (the provider must get them whole), so such a step can only be digested, and the digest
  // is held to maxSummaryTokens.
  const oversized = new Set(
    messages
      .filter(
        (message) => (message.toolCalls?.length ?? 0) > 0 && counter.countMessage(message) > budgetTokens / 2,
      )
      .flatMap((message) => [message.id, ...(message.toolCalls ?? []).map((call) => call.id)])
      .filter((id): id is string => id !== undefined),
  );
  const material = messages.reduce(
    (sum, message, index) =>
      oversized.has(message.id ?? '') || oversized.has(message.toolCallId ?? '')
        ? sum
        : sum + Math.min(counter.countMessage(message), counter.countMessage(truncated[index] ?? message)),
    0,
  );
  return { prepared, budgetTokens, full, material };
}

/** Checks the floor on one loop: valid tool pairs always, and at least `floor` of the budget used when content drops. */
async function checkFloor(spec: LoopSpec, config: CompactionConfig, fraction: number, floor: number) {
  const outcome = await compact(spec, config, fraction);
  if (!outcome) return;
  const { prepared, budgetTokens, full, material } = outcome;
  expect(hasValidToolPairs(prepared.messages)).toBe(true);
  if (full <= budgetTokens) return;
  expect(prepared.tokensAfter, `budget ${budgetTokens}, material ${material}`).toBeGreaterThanOrEqual(
    Math.min(Math.floor(budgetTokens * floor), material),
  );
}

/** Loops the property once found below the floor, kept as plain data (fast-check's shrunk counterexamples). */
interface FloorCase {
  spec: LoopSpec;
  config: Omit<Parameters<typeof defineCompactionConfig>[0], 'compactionScope'> & {
    compactionScope: { kind: 'token-budget' } | { kind: 'fixed-count'; count: number };
  };
  fraction: number;
}

describe('the floor: a compaction that must drop content uses at least half of the budget', () => {
  for (const [name, arbitrary] of [
    ['generated sessions', loopArb(40, 2)],
    ['single-request tool loops', singleTurnLoopArb],
  ] as const) {
    it(`in ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          arbitrary,
          configArb,
          fc.double({ min: 0.1, max: 0.9, noNaN: true }),
          (spec, config, fraction) => checkFloor(spec, config, fraction, FLOOR[name]),
        ),
        {
          numRuns: Number(process.env.FLOOR_RUNS ?? 40),
          interruptAfterTimeLimit: Number(process.env.FLOOR_MS ?? 4_000),
        },
      );
    }, 60_000);
  }

  // Sessions the property once found below the floor: a long turn whose activity line overflowed the summary,
  // an older turn whose latest call alone filled the room, digests whose marker outgrew its reserve or whose
  // lines were all dropped or left room unused, and two digests where one fitted.
  const cases = JSON.parse(
    readFileSync(new URL('./floor-counterexamples.json', import.meta.url), 'utf8'),
  ) as FloorCase[];
  it.each(cases.map((floorCase, index) => [index + 1, floorCase] as const))(
    'in the generated session that once fell below it (%i)',
    async (_index, { spec, config, fraction }) => {
      const scope = config.compactionScope;
      await checkFloor(
        spec,
        defineCompactionConfig({
          ...config,
          compactionScope:
            scope.kind === 'token-budget'
              ? CompactionScope.tokenBudget()
              : CompactionScope.fixedCount(scope.count),
        }),
        fraction,
        FLOOR['generated sessions'],
      );
    },
  );
});
