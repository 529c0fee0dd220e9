import { describe, expect, it } from 'vitest';
import {
  type BlockCompactionStrategy,
  CompactionEngine,
  createLoopRecord,
  createSession,
  hasValidToolPairs,
  SUMMARY_ID_PREFIX,
} from '../../src/compaction/index.js';
import { compactorAsBlockStrategy } from '../../src/compactors/engine-bridges/compactor-as-block-strategy.js';
import { loadCompactor } from '../../src/compactors/registry/load-compactor.js';
import type { Message } from '../../src/messages/types.js';
import { createTokenCounter } from '../../src/tokens/index.js';

const counter = createTokenCounter();
const REQUEST = 'Fix the failing tests in packages/api. Do not touch the migrations folder.';

/** One source file of about 3,300 tokens. */
function sourceFile(index: number): string {
  return Array.from(
    { length: 330 },
    (_, line) =>
      `export function handler${index}_${line}(input: number): number { return input * ${line} + ${index}; }`,
  ).join('\n');
}

/** The scenario: one request, then 12 tool calls each returning a file (~40k tokens in all). */
function scenario(): Message[] {
  const messages: Message[] = [
    { id: 'system', role: 'system', content: 'You are a coding agent working in a monorepo.' },
    { id: 'request', role: 'user', content: REQUEST },
  ];
  for (let step = 1; step <= 12; step++) {
    const path = `packages/api/src/handler-${step}.ts`;
    messages.push({
      id: `a${step}`,
      role: 'assistant',
      content: step === 1 ? 'Reading the API handlers first.' : `Next file ${step}.`,
      toolCalls: [{ id: `call_${step}`, name: 'read_file', arguments: { path } }],
    });
    messages.push({
      id: `r${step}`,
      role: 'tool',
      toolCallId: `call_${step}`,
      toolName: 'read_file',
      content: sourceFile(step),
    });
  }
  return messages;
}

const strategies: [string, () => Promise<BlockCompactionStrategy | undefined>][] = [
  ['DefaultCompaction (legacy, prepareMessages)', async () => undefined],
  [
    'DefaultBlockCompaction (prepareSession)',
    async () => new CompactionEngine({ maxContextTokens: 1 }).config.blockStrategy,
  ],
  [
    'structured-state through compactorAsBlockStrategy',
    async () => compactorAsBlockStrategy(await loadCompactor('structured-state')),
  ],
];

describe('the issue scenario: one request, 12 tool steps of ~40k tokens, maxContextTokens 20,000', () => {
  it.each(strategies)(
    '%s keeps the request, the rule, a digest of the steps and the latest result',
    async (_name, make) => {
      const messages = scenario();
      expect(counter.countMessages(messages)).toBeGreaterThan(38_000);
      const blockStrategy = await make();
      const engine = new CompactionEngine({
        maxContextTokens: 20_000,
        counter,
        ...(blockStrategy ? { config: { blockStrategy } } : {}),
      });
      const prepared = blockStrategy
        ? await engine.prepareSession(createSession('s', [createLoopRecord({ id: 'L', messages })]), 'L')
        : await engine.prepareMessages(messages);
      expect(prepared.events.filter((event) => event.type === 'compaction-fail')).toEqual([]);
      expect(prepared.compacted).toBe(true);
      const context = prepared.messages;
      expect(counter.countMessages(context)).toBeLessThanOrEqual(20_000);
      // The floor: at least half of the target (80% of the window) is used.
      expect(counter.countMessages(context)).toBeGreaterThanOrEqual(engine.targetTokens / 2);
      expect(hasValidToolPairs(context)).toBe(true);
      // The system prompt and the request (with its rule) verbatim, in order, first.
      expect(context[0]?.content).toBe('You are a coding agent working in a monorepo.');
      expect(context[1]?.content).toBe(REQUEST);
      // The latest tool result whole.
      expect(context.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_12', content: sourceFile(12) });
      // A digest says which steps it replaced and names every file they read.
      const digest = context.find((message) => message.id?.startsWith(`${SUMMARY_ID_PREFIX}steps:`));
      expect(digest?.content).toMatch(
        /^\[Compacted steps 1-\d+ of turn 1 of loop \w+: \d+ step\(s\) of tool calls/,
      );
      const text = context
        .map((message) => `${message.content} ${JSON.stringify(message.toolCalls ?? [])}`)
        .join('\n');
      for (let step = 1; step <= 12; step++) expect(text).toContain(`packages/api/src/handler-${step}.ts`);
      expect(digest?.content).toContain('read_file `packages/api/src/handler-1.ts` -> 330 line(s)');
    },
  );
});
