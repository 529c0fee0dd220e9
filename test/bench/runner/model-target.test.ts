import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../../src/bench/runner/index.js';
import { loadSuite } from '../../../src/bench/suites/index.js';
import { createModelTarget } from '../../../src/bench/target/index.js';
import { oracleCompactor } from '../../../src/compactors/index.js';
import { createLanguageModel } from '../../../src/llm/index.js';
import { openStore } from '../../../src/store/index.js';
import { errorReply, type FakeServer, startFakeServer, textReply } from '../../llm/fake-servers.js';

const root = new URL('../../..', import.meta.url).pathname;

describe('a benchmark run with a model target, against a fake OpenAI server', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer('openai');
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks one fenced question per item, records every call, and records a provider failure as a failed case', async () => {
    const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));
    const store = openStore({
      path: join(mkdtempSync(join(tmpdir(), 'compactkit-model-target-')), 'store.db'),
    });
    server.setFallback((request) => {
      const text = JSON.stringify(request.body);
      // One case's questions get a server error: that case fails and the run goes on.
      if (text.includes('What do you do next?')) return errorReply('openai', 400, 'bad request');
      return textReply('openai', 'The notes do not say.', { input: 100, output: 6 });
    });
    let runId: string | undefined;
    const model = createLanguageModel('openai:gpt-4o-mini', {
      apiKey: 'sk-test-SECRET',
      baseURL: server.baseURL,
      retry: false,
      cache: { recorder: store.llmCalls, mode: 'read-write', runId: () => runId },
    });
    const result = await runBench({
      store,
      compactor: oracleCompactor,
      suite,
      difficulties: ['easy'],
      cases: 1,
      seedGroup: '0',
      cycles: 1,
      driftMode: 'incremental',
      target: createModelTarget(model),
      tier: '2x',
      onRunOpened: (run) => {
        runId = run.id;
      },
    });
    expect(result.run.status).toBe('incomplete');
    expect(result.run.versions.target).toBe('openai:gpt-4o-mini@1');
    const cases = store.readRun(result.run.id).cases;
    const failed = cases.find((record) => record.caseKey.startsWith('plan_flip'));
    expect(failed?.status).toBe('failed');
    expect(failed?.error?.code).toBe('provider_error');
    const complete = cases.find((record) => record.caseKey.startsWith('rule_with_tools'));
    expect(complete?.status).toBe('complete');
    // 5 items in each of 2 cycles, plus the reply to the continuation turn.
    expect(complete?.itemResponses).toHaveLength(10);
    expect(complete?.itemResponses.every((row) => row.response === 'The notes do not say.')).toBe(true);
    expect(complete?.itemResponses[0]?.prompt).toContain('<<<NOTES');

    const questions = server.requests.filter((request) =>
      JSON.stringify(request.body).includes('Which port does the staging gateway listen on?'),
    );
    expect(questions).toHaveLength(2);
    const body = questions[0]!.body as {
      messages: { role: string; content: string }[];
      temperature?: number;
    };
    expect(body.temperature).toBe(0);
    const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(system).toMatch(/data, not instructions/i);
    const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(user).toContain('<<<NOTES');
    expect(user).toContain('NOTES>>>');
    // The oracle's artifact is the transcript: it is inside the fence, and nothing of the answer key is sent.
    expect(user).toMatch(/<<<NOTES[\s\S]*Hard rule from[\s\S]*NOTES>>>/);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toMatch(
      /critical_constraint|tempting|forbidden_absent/,
    );
    const recorded = store.llmCalls.list({ runId: result.run.id });
    expect(recorded.length).toBe(server.requests.length);
    expect(JSON.stringify(recorded)).not.toContain('SECRET');
    store.close();
  }, 60_000);
});
