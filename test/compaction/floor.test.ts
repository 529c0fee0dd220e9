import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompactionConfig,
  CompactionEngine,
  createLoopRecord,
  createSession,
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
  const material = messages.reduce(
    (sum, message, index) =>
      sum + Math.min(counter.countMessage(message), counter.countMessage(truncated[index] ?? message)),
    0,
  );
  return { prepared, budgetTokens, full, material };
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
          async (spec, config, fraction) => {
            const outcome = await compact(spec, config, fraction);
            if (!outcome) return;
            const { prepared, budgetTokens, full, material } = outcome;
            expect(hasValidToolPairs(prepared.messages)).toBe(true);
            if (full <= budgetTokens) return;
            expect(
              prepared.tokensAfter,
              `budget ${budgetTokens}, material ${material}`,
            ).toBeGreaterThanOrEqual(Math.min(Math.floor(budgetTokens * FLOOR[name]), material));
          },
        ),
        {
          numRuns: Number(process.env.FLOOR_RUNS ?? 40),
          interruptAfterTimeLimit: Number(process.env.FLOOR_MS ?? 4_000),
        },
      );
    }, 60_000);
  }
});
