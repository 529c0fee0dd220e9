import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMethodModel, summarizeCalls } from '../../src/compactors/llm/llm-call.js';
import { naiveSummaryMethod } from '../../src/compactors/methods/naive-summary.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { CompactkitError } from '../../src/errors.js';
import { errorReply, type FakeServer, openAIReply, startFakeServer, textReply } from '../llm/fake-servers.js';
import { fakeModel, SESSION } from './llm-method-fixtures.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<CompactkitError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CompactkitError);
  return error as CompactkitError;
}

describe('model calls of LLM methods', () => {
  it('fails with a clear method_failed error when no model is given, before doing anything', async () => {
    const error = await failure(instantiateMethod(naiveSummaryMethod).compact({ transcript: SESSION }, {}));
    expect(error.code).toBe('method_failed');
    expect(error.message).toMatch(/^method naive-summary needs a language model: pass --method-model <spec>/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [500, 'upstream exploded'],
    [400, 'max_tokens is too large\nfor this model'],
  ])(
    'turns HTTP %i into a one-line method_failed error with the provider error as cause',
    async (status, text) => {
      server.enqueue(errorReply('openai', status, text));
      const error = await failure(
        instantiateMethod(naiveSummaryMethod).compact({ transcript: SESSION }, { model: fakeModel(server) }),
      );
      expect(error.code).toBe('method_failed');
      expect(error.message).toMatch(new RegExp(`^method naive-summary: model call failed: .*HTTP ${status}`));
      expect(error.message).not.toContain('\n');
      expect((error.cause as CompactkitError).code).toBe('provider_error');
    },
  );

  it('fails on an empty reply and on a reply stopped by the content filter, never returning an empty artifact', async () => {
    server.enqueue(textReply('openai', '   '));
    const empty = await failure(
      instantiateMethod(naiveSummaryMethod).compact({ transcript: SESSION }, { model: fakeModel(server) }),
    );
    expect(empty.message).toMatch(
      /^method naive-summary: the model returned no usable text \(finish reason stop\)/,
    );
    server.enqueue(openAIReply('Partial', { input: 1, output: 1 }, 'content_filter'));
    const filtered = await failure(
      instantiateMethod(naiveSummaryMethod).compact({ transcript: SESSION }, { model: fakeModel(server) }),
    );
    expect(filtered.code).toBe('method_failed');
    expect(filtered.message).toMatch(/content-filter/);
  });

  it('fails a reply cut at maxTokens before its first finished sentence', async () => {
    server.enqueue(openAIReply('An unfinished thought about the', { input: 1, output: 1 }, 'length'));
    const error = await failure(
      instantiateMethod(naiveSummaryMethod).compact({ transcript: SESSION }, { model: fakeModel(server) }),
    );
    expect(error.message).toMatch(/no usable text \(finish reason length\)/);
  });

  it('sums usage over calls and records an unknown cost or count as null, not as zero', async () => {
    server.enqueue(textReply('openai', 'one', { input: 10, output: 2 }));
    server.enqueue(textReply('openai', 'two', { input: 20, output: 3 }));
    const priced = startMethodModel('test-method', 'test/1', { model: fakeModel(server) });
    await priced.text({ system: 's', prompt: 'p', maxTokens: 50 });
    await priced.text({ system: 's', prompt: 'p', maxTokens: 50 });
    const metadata = priced.metadata();
    expect(metadata).toMatchObject({
      model: 'openai:gpt-4o-mini',
      promptVersion: 'test/1',
      calls: 2,
      inputTokens: 30,
      outputTokens: 5,
    });
    expect(metadata.costUsd).toBeCloseTo((30 * 0.15 + 5 * 0.6) / 1e6, 12);

    // A model without a known price, and a reply without usage.
    server.enqueue(textReply('openai', 'three', { input: 10, output: 2 }));
    server.enqueue({ body: { ...openAIReply('four', null).body } });
    const unpriced = startMethodModel('test-method', 'test/1', {
      model: fakeModel(server, 'openai:my-finetune'),
    });
    await unpriced.text({ system: 's', prompt: 'p', maxTokens: 50 });
    expect(unpriced.metadata()).toMatchObject({ calls: 1, inputTokens: 10, costUsd: null });
    await unpriced.text({ system: 's', prompt: 'p', maxTokens: 50 });
    expect(unpriced.metadata()).toMatchObject({
      calls: 2,
      inputTokens: null,
      outputTokens: null,
      costUsd: null,
    });
    expect(JSON.parse(JSON.stringify(unpriced.metadata()))).toEqual(unpriced.metadata());
  });

  it('summarizes no calls as zero calls with zero totals', () => {
    expect(summarizeCalls('m', 'v', [])).toEqual({
      model: 'm',
      promptVersion: 'v',
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      latencyMs: 0,
      cachedCalls: 0,
    });
  });

  it('passes an abort through untouched so a stopped run is not recorded as a method failure', async () => {
    server.enqueue({ ...textReply('openai', 'late'), delayMs: 2_000 });
    const controller = new AbortController();
    const model = startMethodModel('test-method', 'test/1', {
      model: fakeModel(server),
      signal: controller.signal,
    });
    const pending = model.text({ system: 's', prompt: 'p', maxTokens: 50 });
    await server.waitFor(() => server.requests.length === 1);
    controller.abort(new Error('stopped by the user'));
    const error = await pending.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(CompactkitError);
    expect((error as Error).message).toBe('stopped by the user');
  });
});
