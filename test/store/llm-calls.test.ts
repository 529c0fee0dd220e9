import { describe, expect, it } from 'vitest';
import type { CallRecorder, RecordedCall } from '../../src/llm/types.js';
import { openStore } from '../../src/store/index.js';
import { catchStoreError } from './helpers.js';

function call(overrides: Partial<RecordedCall> = {}): RecordedCall {
  return {
    key: 'key-a',
    modelId: 'openai:gpt-4o-mini',
    request: { system: 'Answer briefly.', messages: [{ role: 'user', content: 'Hi' }], temperature: 0 },
    response: {
      text: 'Hello.',
      usage: { inputTokens: 12, outputTokens: 3 },
      latencyMs: 250,
      finishReason: 'stop',
      costUsd: 0.0001,
    },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const failure = { code: 'provider_error', message: 'HTTP 500', rawText: '{"error":"boom"}' };

describe('store.llmCalls', () => {
  it('is a CallRecorder: find returns the newest call with that key that succeeded', () => {
    const store = openStore({ path: ':memory:' });
    const recorder: CallRecorder = store.llmCalls;
    expect(recorder.find('key-a')).toBeUndefined();
    recorder.record(call({ response: { ...call().response!, text: 'first' } }));
    recorder.record(call({ response: { ...call().response!, text: 'second' } }));
    recorder.record(call({ response: undefined, error: failure }));
    recorder.record(call({ key: 'key-b', response: { ...call().response!, text: 'other key' } }));
    expect(recorder.find('key-a')?.response?.text).toBe('second');
    expect(recorder.find('key-a')).toEqual(call({ response: { ...call().response!, text: 'second' } }));
    // A response recorded together with an error (an invalid structured reply) is not replayed.
    recorder.record(call({ response: { ...call().response!, text: 'invalid' }, error: failure }));
    expect(recorder.find('key-a')?.response?.text).toBe('second');
    store.close();
  });

  it('keeps unknown usage unknown and drops the per-read cached flag', () => {
    const store = openStore({ path: ':memory:' });
    const response = {
      text: 'x',
      usage: { inputTokens: undefined, outputTokens: 5 },
      latencyMs: 9,
      finishReason: 'stop' as const,
    };
    store.llmCalls.record(call({ response: { ...response, cached: true } as RecordedCall['response'] }));
    const found = store.llmCalls.find('key-a');
    expect(found?.response).toEqual({
      text: 'x',
      usage: { outputTokens: 5 },
      latencyMs: 9,
      finishReason: 'stop',
    });
    expect(found?.response?.usage.inputTokens).toBeUndefined();
    store.close();
  });

  it('lists calls by run, key and model, and totals usage per model and per run', () => {
    const store = openStore({ path: ':memory:' });
    store.runs.create({ id: 'r1', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    store.runs.create({ id: 'r2', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
    store.llmCalls.record(call({ runId: 'r1' }));
    store.llmCalls.record(call({ runId: 'r1', key: 'key-b' }));
    store.llmCalls.record(
      call({ runId: 'r1', modelId: 'anthropic:claude', response: undefined, error: failure }),
    );
    const unpriced = {
      ...call().response!,
      costUsd: undefined,
      usage: { inputTokens: undefined, outputTokens: 1 },
    };
    store.llmCalls.record(call({ runId: 'r2', modelId: 'ollama:llama3', response: unpriced }));
    store.llmCalls.record(call({ key: 'outside-any-run' }));

    expect(store.llmCalls.list({ runId: 'r1' }).map((item) => item.key)).toEqual(['key-a', 'key-b', 'key-a']);
    expect(store.llmCalls.list({ key: 'key-b' })).toHaveLength(1);
    expect(store.llmCalls.list({ modelId: 'ollama:llama3' })[0]?.runId).toBe('r2');
    expect(store.llmCalls.list()).toHaveLength(5);

    const zero = { failedCalls: 0, callsWithoutUsage: 0, callsWithoutCost: 0 };
    expect(store.llmCalls.usageByModel({ runId: 'r1' })).toEqual([
      {
        modelId: 'anthropic:claude',
        calls: 1,
        ...zero,
        failedCalls: 1,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        latencyMs: 0,
      },
      {
        modelId: 'openai:gpt-4o-mini',
        calls: 2,
        ...zero,
        inputTokens: 24,
        outputTokens: 6,
        costUsd: 0.0002,
        latencyMs: 500,
      },
    ]);
    const byRun = store.llmCalls.usageByRun();
    expect(byRun.map((usage) => [usage.runId, usage.calls])).toEqual([
      ['r1', 3],
      ['r2', 1],
      [undefined, 1],
    ]);
    expect(byRun[1]).toMatchObject({
      inputTokens: 0,
      outputTokens: 1,
      callsWithoutUsage: 1,
      callsWithoutCost: 1,
    });
    store.close();
  });

  it('refuses a call without response or error, with a bad field, or of an unknown run', () => {
    const store = openStore({ path: ':memory:' });
    expect(() => store.llmCalls.record(call({ response: undefined }))).toThrow(
      'a recorded call needs a response or an error',
    );
    expect(() => store.llmCalls.record(call({ key: '' }))).toThrow('call.key: must not be empty');
    expect(() =>
      store.llmCalls.record(
        call({ response: { ...call().response!, usage: { inputTokens: -1, outputTokens: 1 } } }),
      ),
    ).toThrow('call.response.usage.inputTokens: expected an integer >= 0');
    expect(() => store.llmCalls.record(call({ request: { body: 1n } }))).toThrow(
      'call.request: cannot be stored as JSON',
    );
    const error = catchStoreError(
      () => store.llmCalls.record(call({ runId: 'ghost' })),
      'store_run_not_found',
    );
    expect(error.message).toContain('no run "ghost"');
    expect(store.llmCalls.list()).toEqual([]);
    store.close();
  });
});
