import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../src/llm/index.js';
import type { Message } from '../../src/messages/types.js';
import { loadProbeMethod } from '../../src/probes/compact-for-probes.js';
import { findCompactionPoints } from '../../src/probes/compaction-points.js';
import {
  createDeterministicJudge,
  createLexicalAnswerer,
  createModelAnswerer,
  createModelJudge,
  DEFAULT_RUBRIC,
} from '../../src/probes/index.js';
import { runProbes } from '../../src/probes/run-probes.js';
import { readSession } from '../../src/sessions/index.js';
import { openStore } from '../../src/store/index.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { type FakeServer, openAIReply, startFakeServer } from '../llm/fake-servers.js';

const root = new URL('../..', import.meta.url).pathname;
const sample = join(root, 'samples/sessions/claude-code/debugging-retry-attempts.jsonl');

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('compaction points', () => {
  const counter = createTokenCounter();
  const messages: Message[] = Array.from({ length: 12 }, (_, index) => ({
    role: index % 3 === 0 ? 'user' : index % 3 === 1 ? 'assistant' : 'tool',
    content: 'word '.repeat(400),
    ...(index % 3 === 2 ? { toolCallId: `c${index}` } : {}),
  }));
  it('fall at turn starts, every N tokens, at given indices, or at the end', () => {
    expect(findCompactionPoints(messages, counter)).toEqual([12]);
    expect(findCompactionPoints(messages, counter, { at: [2, 7] })).toEqual([3, 9]);
    // Each message is ~400 tokens: 1,000 tokens are crossed at the 3rd message, the count restarting after each.
    expect(findCompactionPoints(messages, counter, { every: 1000 })).toEqual([3, 6, 9, 12]);
    expect(findCompactionPoints(messages, counter, { window: 1_000_000 })).toEqual([12]);
    expect(() => findCompactionPoints(messages, counter, { at: [13] })).toThrow(
      '--at: message index 13 is outside 1..12',
    );
  });
});

describe('runProbes', () => {
  it('never names a method to the model under test or the judge, and judges in a shuffled order', async () => {
    server = await startFakeServer('openai');
    const target = server;
    target.setFallback((request) => {
      const body = request.body as { messages: { role: string; content: string }[] };
      const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
      if (!user.startsWith('{')) return openAIReply('The command was npx vitest run test/llm/retry.test.ts.');
      const criteria = (JSON.parse(user) as { rubric_criteria: { id: string }[] }).rubric_criteria;
      return openAIReply(
        JSON.stringify({
          criterionResults: criteria.map((item) => ({ criterionId: item.id, score: 4, reasoning: 'ok' })),
        }),
      );
    });
    const session = await readSession(sample);
    const model = createLanguageModel(`openai-compatible:m@${target.baseURL}`, { retry: false });
    const methods = await Promise.all(
      ['truncate-last-n', 'observation-masking'].map((name) => loadProbeMethod(name)),
    );
    const run = await runProbes({
      sessions: [{ key: 'debugging', messages: session.messages, cwd: session.metadata.cwd ?? '' }],
      methods,
      answerer: createModelAnswerer(model),
      judge: createModelJudge(model, { rubric: DEFAULT_RUBRIC }),
      maxPerType: 1,
    });
    expect(run.results.length).toBe(8);
    expect(run.results.every((result) => result.verdict !== undefined)).toBe(true);
    expect(run.aggregate.byMethod['truncate-last-n']?.overall.mean).toBe(4);
    for (const request of target.requests) {
      expect(request.rawBody).not.toMatch(/truncate-last-n|observation-masking|truncate|masking/i);
    }
    // Judge requests come after each method's answers; their order mixes the two methods' answers.
    const judged = run.results.map((result) => result.method);
    expect(new Set(judged.slice(0, 4)).size).toBe(2);
  });

  it('stores every result and resumes a run without redoing what is stored', async () => {
    const store = openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-probes-')), 'probe.db') });
    store.runs.create({ id: 'r1', kind: 'probe', fingerprint: 'f', config: {}, versions: {} });
    const session = await readSession(sample);
    const calls: string[] = [];
    const answerer = createLexicalAnswerer();
    const counting = {
      id: answerer.id,
      answer: async (input: Parameters<typeof answerer.answer>[0]) => {
        calls.push(input.probe.id);
        return answerer.answer(input);
      },
    };
    const options = {
      sessions: [{ key: 'debugging', messages: session.messages, cwd: session.metadata.cwd ?? '' }],
      methods: [await loadProbeMethod('default')],
      answerer: counting,
      judge: createDeterministicJudge({ rubric: DEFAULT_RUBRIC }),
      store: { store, runId: 'r1' },
    };
    const first = await runProbes(options);
    expect(store.readRun('r1').probeResults).toHaveLength(first.results.length);
    const answered = calls.length;
    expect(answered).toBe(first.results.length);
    const second = await runProbes(options);
    expect(calls.length).toBe(answered);
    expect(second.aggregate).toEqual(first.aggregate);
    store.close();
  });
});
