import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasValidToolPairs } from '../../src/compaction/index.js';
import { fromLangChainMessages, toLangChainMessages } from '../../src/integrations/langchain/index.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { runAgent } from './snippets/langchain-agent.js';

const REQUEST = 'Fix the failing tests in packages/api. Do not touch the migrations folder.';
const counter = createTokenCounter();
const STEPS = 40;

function fileText(step: number): string {
  return Array.from(
    { length: 90 },
    (_, line) => `const value_${step}_${line} = compute(${line}, ${step});`,
  ).join('\n');
}

const readFile = tool(async ({ path }: { path: string }) => fileText(Number(/(\d+)/.exec(path)?.[1] ?? 0)), {
  name: 'read_file',
  description: 'Read a file of the repository',
  schema: z.object({ path: z.string() }),
});

describe('compactkit/langchain', () => {
  it('compacts a real createAgent tool loop: within budget, paired, the request kept, the latest result whole', async () => {
    const model = fakeModel();
    for (let step = 1; step <= STEPS; step++) {
      // An explicit reply: respondWithTools echoes the whole prompt as the AI message's text.
      model.respond(
        new AIMessage({
          content: `Reading file ${step}.`,
          tool_calls: [
            { name: 'read_file', args: { path: `packages/api/src/file-${step}.ts` }, id: `call_${step}` },
          ],
        }),
      );
    }
    model.respond(new AIMessage('All files read.'));
    const { result, compaction } = await runAgent(model, [readFile], REQUEST);
    expect(result.messages.at(-1)?.content).toBe('All files read.');
    expect(model.callCount).toBe(STEPS + 1);
    model.calls.forEach((call, index) => {
      const messages = fromLangChainMessages(call.messages as BaseMessage[]);
      expect(counter.countMessages(messages), `call ${index} within the window`).toBeLessThanOrEqual(16_000);
      expect(hasValidToolPairs(messages), `call ${index} paired`).toBe(true);
      expect(messages[0]).toMatchObject({ role: 'user', content: REQUEST });
      if (index > 0) {
        expect(messages.at(-1), `call ${index} ends with the latest result`).toMatchObject({
          role: 'tool',
          toolCallId: `call_${index}`,
          content: fileText(index),
        });
      }
    });
    expect(compaction.stats.compactions).toBeGreaterThanOrEqual(2);
    expect(compaction.stats.compactions).toBeLessThanOrEqual(STEPS / 4);
    // Each message converted once: the request, then an AI message and a tool message per step, then the answer.
    expect(compaction.stats.convertedMessages).toBe(1 + 2 * STEPS);
  });

  it('converts messages both ways with tool messages paired to their AI message', () => {
    let next = 0;
    const round = toLangChainMessages(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'List files.' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: { dir: '.' } }] },
        { role: 'tool', toolCallId: 'c1', toolName: 'ls', content: 'a.ts', isError: true },
      ],
      () => `id-${next++}`,
    );
    expect(round.map((message) => message.type)).toEqual(['system', 'human', 'ai', 'tool']);
    expect(fromLangChainMessages(round)).toEqual([
      { id: 'id-0', role: 'system', content: 'Be brief.' },
      { id: 'id-1', role: 'user', content: 'List files.' },
      {
        id: 'id-2',
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'ls', arguments: { dir: '.' } }],
      },
      { id: 'id-3', role: 'tool', toolCallId: 'c1', toolName: 'ls', content: 'a.ts', isError: true },
    ]);
  });
});
