import { generateText, type ModelMessage, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasValidToolPairs } from '../../src/compaction/index.js';
import { createCompaction } from '../../src/integrations/ai-sdk/index.js';
import { fromModelMessages } from '../../src/messages/ai-sdk.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { runAgent } from './snippets/ai-sdk-agent.js';

const SYSTEM = 'You are a coding agent. Work in small steps.';
const REQUEST = 'Fix the failing tests in packages/api. Do not touch the migrations folder.';
const counter = createTokenCounter();

/** A file of about 900 tokens, different per step. */
function fileText(step: number): string {
  return Array.from(
    { length: 90 },
    (_, line) => `const value_${step}_${line} = compute(${line}, ${step});`,
  ).join('\n');
}

const tools = {
  read_file: tool({
    description: 'Read a file of the repository',
    inputSchema: z.object({ path: z.string() }),
    execute: async ({ path }: { path: string }) => fileText(Number(/(\d+)/.exec(path)?.[1] ?? 0)),
  }),
};

/** A model that reads one file per step, forever (stopWhen ends the loop). */
function toolLoopModel() {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      step++;
      return {
        content: [
          { type: 'text', text: `Reading file ${step}.` },
          {
            type: 'tool-call',
            toolCallId: `call_${step}`,
            toolName: 'read_file',
            input: JSON.stringify({ path: `packages/api/src/file-${step}.ts` }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: {
          inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: undefined, text: undefined, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

type Prompt = MockLanguageModelV3['doGenerateCalls'][number]['prompt'];

/** Checks one prompt the model received: size, pairing, pins, and the latest tool result whole. */
function checkPrompt(prompt: Prompt, index: number, toolTokens: number) {
  const messages = fromModelMessages(prompt as ModelMessage[]).messages;
  expect(
    counter.countMessages(messages) + toolTokens,
    `prompt ${index} within the window`,
  ).toBeLessThanOrEqual(16_000);
  expect(hasValidToolPairs(messages), `prompt ${index} paired`).toBe(true);
  expect(messages[0]).toMatchObject({ role: 'system', content: SYSTEM });
  expect(messages[1]).toMatchObject({ role: 'user', content: REQUEST });
  if (index > 0) {
    expect(messages.at(-1), `prompt ${index} ends with the latest result, whole`).toMatchObject({
      role: 'tool',
      toolCallId: `call_${index}`,
      content: fileText(index),
    });
  }
}

describe('compactkit/ai-sdk', () => {
  it('runs a 60-step tool loop within budget: paired, pinned, latest results whole, compacting per threshold crossing', async () => {
    const model = toolLoopModel();
    const { result, compaction } = await runAgent(model, SYSTEM, tools, [{ role: 'user', content: REQUEST }]);
    expect(result.steps).toHaveLength(60);
    expect(model.doGenerateCalls).toHaveLength(60);
    const engine = await compaction.engine();
    // The tools' schemas are counted as the model sees them.
    expect(engine.fixedTokens).toBeGreaterThan(counter.countMessage({ role: 'system', content: SYSTEM }));
    const toolTokens = engine.fixedTokens - counter.countMessage({ role: 'system', content: SYSTEM });
    model.doGenerateCalls.forEach((call, index) => {
      checkPrompt(call.prompt, index, toolTokens);
    });
    // ~60 x 950 tokens against a 16k window: several threshold crossings, far fewer than steps.
    const { compactions, convertedMessages, steps } = compaction.stats;
    expect(steps).toBe(60);
    expect(compactions).toBeGreaterThanOrEqual(3);
    expect(compactions).toBeLessThanOrEqual(steps / 4);
    // Counted incrementally: every message of the history was converted and counted once, not once per step.
    expect(convertedMessages).toBe(1 + 2 * 59);
  });

  it('compacts through wrapLanguageModel the same way, with the tools read from each call', async () => {
    const inner = toolLoopModel();
    const compaction = createCompaction({ maxContextTokens: 16_000 });
    const model = wrapLanguageModel({ model: inner, middleware: compaction.middleware });
    const result = await generateText({
      model,
      system: SYSTEM,
      tools,
      messages: [{ role: 'user', content: REQUEST }],
      stopWhen: stepCountIs(40),
    });
    expect(result.steps).toHaveLength(40);
    inner.doGenerateCalls.forEach((call, index) => {
      // The middleware counted the tools itself: the prompt and the tool definitions fit the window together.
      const firstTool = call.tools?.[0] as { inputSchema: unknown } | undefined;
      expect(firstTool).toBeDefined();
      const toolTokens = counter.countText(
        JSON.stringify({
          name: 'read_file',
          description: 'Read a file of the repository',
          parameters: firstTool?.inputSchema,
        }),
      );
      checkPrompt(call.prompt, index, toolTokens);
    });
    expect(compaction.stats.compactions).toBeGreaterThanOrEqual(2);
    expect(compaction.stats.compactions).toBeLessThanOrEqual(10);
    expect(compaction.stats.convertedMessages).toBe(2 + 2 * 39);
  });

  it('starts over for a new conversation instead of mixing it into the last one', async () => {
    const compaction = createCompaction({ maxContextTokens: 16_000 });
    const first: ModelMessage[] = [{ role: 'user', content: 'Task one.' }];
    await compaction.prepareStep({ messages: first });
    await compaction.prepareStep({ messages: [{ role: 'user', content: 'Task two.' }] });
    expect(compaction.stats.convertedMessages).toBe(2);
  });
});
