// Agent-loop figures for `npm run bench:perf`: the AI SDK helper's overhead per step when no compaction fires, and
// the engine on one 200k-token tool-loop turn. Run alone with `npx tsx perf/agent-loop.ts`.
import { pathToFileURL } from 'node:url';
import type { ModelMessage } from 'ai';
import { CompactionEngine, createLoopRecord, createSession } from '../src/compaction/index.js';
import { createCompaction } from '../src/integrations/ai-sdk/index.js';
import type { Message } from '../src/messages/types.js';
import { countTextTokens } from '../src/tokens/index.js';
import { median } from './median.js';

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** A file-like tool output of about `tokens` tokens, different per step. */
function output(step: number, tokens: number): string {
  const line = (index: number) => `export const value_${step}_${index} = compute(${index}, "${step}");`;
  const lines: string[] = [];
  for (let index = 0; countTextTokens(lines.join('\n')) < tokens; index += 10) {
    for (let offset = 0; offset < 10; offset++) lines.push(line(index + offset));
  }
  return lines.join('\n');
}

/** One assistant step with its tool result, as AI SDK messages. */
function aiSdkStep(step: number, tokens: number): ModelMessage[] {
  const toolCallId = `call_${step}`;
  return [
    {
      role: 'assistant',
      content: [
        { type: 'text', text: `Reading file ${step}.` },
        { type: 'tool-call', toolCallId, toolName: 'read_file', input: { path: `src/file-${step}.ts` } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName: 'read_file',
          output: { type: 'text', value: output(step, tokens) },
        },
      ],
    },
  ];
}

/** The AI SDK helper on a 100k-token history: median ms per step when the trigger does not fire. */
export async function measureAiSdkStep(steps = 60): Promise<Record<string, unknown>> {
  const history: ModelMessage[] = [
    { role: 'user', content: 'Fix the failing tests. Do not touch the migrations.' },
  ];
  for (let step = 0; step < 100; step++) history.push(...aiSdkStep(step, 1000));
  const compaction = createCompaction({ maxContextTokens: 400_000 });
  await compaction.prepareStep({ messages: [...history] });
  const historyTokens = compaction.stats.lastTokens;
  const added = Array.from({ length: steps }, (_, index) => aiSdkStep(100 + index, 300));
  const times: number[] = [];
  for (const pair of added) {
    history.push(...pair);
    const messages = [...history];
    const started = performance.now();
    await compaction.prepareStep({ messages });
    times.push(performance.now() - started);
  }
  const medianMs = median(times);
  return {
    input: `AI SDK prepareStep on a ${historyTokens}-token history, one new step (~300 tokens) per call, no compaction`,
    steps,
    compactions: compaction.stats.compactions,
    medianMsPerStep: round(medianMs),
    target: '< 5 ms per step',
    pass: medianMs < 5 && compaction.stats.compactions === 0,
  };
}

/** The engine on one tool-loop turn of about 200k tokens (a request and 200 steps), cold counter. */
export async function measureToolLoopTurn(runs = 3): Promise<Record<string, unknown>> {
  const messages: Message[] = [
    { role: 'user', content: 'Fix the failing tests. Do not touch the migrations.' },
  ];
  for (let step = 0; step < 200; step++) {
    messages.push({
      role: 'assistant',
      content: `Reading file ${step}.`,
      toolCalls: [{ id: `call_${step}`, name: 'read_file', arguments: { path: `src/file-${step}.ts` } }],
    });
    messages.push({
      role: 'tool',
      toolCallId: `call_${step}`,
      toolName: 'read_file',
      content: output(step, 1000),
    });
  }
  const block: number[] = [];
  const legacy: number[] = [];
  let tokens = { before: 0, after: 0 };
  for (let run = 0; run < runs; run++) {
    const engine = new CompactionEngine({ maxContextTokens: 128_000 });
    const session = createSession('perf', [createLoopRecord({ id: 'loop', messages })]);
    let started = performance.now();
    const prepared = await engine.prepareSession(session, 'loop', { force: true });
    block.push(performance.now() - started);
    tokens = { before: prepared.tokensBefore, after: prepared.tokensAfter };
    const legacyEngine = new CompactionEngine({ maxContextTokens: 128_000 });
    started = performance.now();
    await legacyEngine.prepareMessages(messages, { force: true });
    legacy.push(performance.now() - started);
  }
  return {
    input: `one turn: a request and 200 tool steps, ${tokens.before} tokens, maxContextTokens 128,000, cold counter`,
    tokensAfter: tokens.after,
    medianBlockMs: Math.round(median(block)),
    medianLegacyMs: Math.round(median(legacy)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = { aiSdkStep: await measureAiSdkStep(), toolLoopTurn: await measureToolLoopTurn() };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
