import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type CacheMode,
  type CompletionRequest,
  createCallKey,
  createLanguageModel,
  createMockLanguageModel,
  describeRequest,
  MemoryCallRecorder,
  ReplayMissError,
  wrapRecordReplay,
} from '../../src/llm/index.js';
import { errorReply, type FakeServer, openAIReply, startFakeServer } from './fake-servers.js';

const schema = z.object({ title: z.string() });
const requests: CompletionRequest[] = [
  { system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }], maxTokens: 20, temperature: 0 },
  { messages: [{ role: 'user', content: 'Another question' }], temperature: 0.7 },
  { messages: [{ role: 'user', content: 'Title this.' }], schema },
];

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function model(recorder: MemoryCallRecorder, mode: CacheMode, runId?: string) {
  return createLanguageModel('openai:gpt-4o-mini', {
    apiKey: 'sk-test',
    baseURL: server.baseURL,
    retry: { baseDelayMs: 1 },
    cache: { recorder, mode, ...(runId === undefined ? {} : { runId }) },
  });
}

describe('record/replay', () => {
  it('replays a second run in replay-only mode with zero HTTP requests, no key, and identical results', async () => {
    server.enqueue(
      { ...openAIReply('first', { input: 12, output: 3 }), delayMs: 30 },
      openAIReply('second', { input: 9, output: 2 }),
      openAIReply('{"title":"Hi"}', { input: 15, output: 5 }),
    );
    const recorder = new MemoryCallRecorder();
    const live = model(recorder, 'read-write', 'run-1');
    const first: unknown[] = [];
    for (const request of requests) first.push(await live.complete(request));
    expect(server.requests).toHaveLength(3);
    expect(recorder.calls.map((call) => call.runId)).toEqual(['run-1', 'run-1', 'run-1']);

    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('COMPACTKIT_OPENAI_API_KEY', '');
    const replay = createLanguageModel('openai:gpt-4o-mini', {
      baseURL: server.baseURL,
      cache: { recorder, mode: 'replay-only' },
    });
    const second: unknown[] = [];
    for (const request of requests) second.push(await replay.complete(request));
    expect(server.requests).toHaveLength(3);
    expect(second).toEqual(first.map((completion) => ({ ...(completion as object), cached: true })));
    expect((second[0] as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(25);
    expect((second[2] as { object: unknown }).object).toEqual({ title: 'Hi' });
  });

  it('answers a repeated request from the recording in read-write mode', async () => {
    const recorder = new MemoryCallRecorder();
    const cached = model(recorder, 'read-write');
    const first = await cached.complete(requests[0]!);
    const again = await cached.complete(requests[0]!);
    expect(server.requests).toHaveLength(1);
    expect(first.cached).toBeUndefined();
    expect(again).toEqual({ ...first, cached: true });
  });

  it('names the key and model in a replay-only miss and says how to record', async () => {
    const recorder = new MemoryCallRecorder();
    const error = await model(recorder, 'replay-only')
      .complete(requests[0]!)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReplayMissError);
    const key = createCallKey(describeRequest('openai:gpt-4o-mini', requests[0]!));
    expect(error).toMatchObject({ code: 'replay_miss', key, modelId: 'openai:gpt-4o-mini' });
    expect((error as Error).message).toContain(key);
    expect((error as Error).message).toContain('openai:gpt-4o-mini');
    expect((error as Error).message).toMatch(/read-write/);
    expect(server.requests).toHaveLength(0);
  });

  it('always calls and records in refresh mode; the newest recording wins', async () => {
    server.enqueue(openAIReply('old'), openAIReply('new'));
    const recorder = new MemoryCallRecorder();
    await model(recorder, 'read-write').complete(requests[0]!);
    const refreshed = await model(recorder, 'refresh').complete(requests[0]!);
    expect(refreshed.text).toBe('new');
    expect(recorder.calls).toHaveLength(2);
    expect((await model(recorder, 'replay-only').complete(requests[0]!)).text).toBe('new');
  });

  it('neither reads nor writes in off mode', async () => {
    const recorder = new MemoryCallRecorder();
    await model(recorder, 'read-write').complete(requests[0]!);
    await model(recorder, 'off').complete(requests[0]!);
    expect(server.requests).toHaveLength(2);
    expect(recorder.calls).toHaveLength(1);
  });

  it('records failed calls with their error and does not replay them', async () => {
    server.enqueue(errorReply('openai', 400, 'context too long'));
    const recorder = new MemoryCallRecorder();
    await expect(model(recorder, 'read-write').complete(requests[0]!)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(recorder.calls[0]!.error).toMatchObject({ code: 'provider_error' });
    expect(recorder.calls[0]!.error!.message).toContain('context too long');
    expect((await model(recorder, 'read-write').complete(requests[0]!)).text).toBe('ok');
    expect(recorder.calls).toHaveLength(2);
  });

  it('records the request without message ids, with the JSON schema', async () => {
    const recorder = new MemoryCallRecorder();
    const mock = wrapRecordReplay(createMockLanguageModel({ reply: '{"title":"x"}' }), { recorder });
    await mock.complete({ messages: [{ role: 'user', content: 'Hi', id: 'u1', turn: 3 }], schema });
    expect(recorder.calls[0]!.request).toMatchObject({
      model: 'mock:model',
      messages: [{ role: 'user', content: 'Hi' }],
      schema: { type: 'object', properties: { title: { type: 'string' } } },
    });
    expect(JSON.stringify(recorder.calls[0]!.request)).not.toContain('u1');
  });
});

describe('the cache key', () => {
  const base: CompletionRequest = {
    system: 'S',
    messages: [{ role: 'user', content: 'Hello' }],
    maxTokens: 10,
    temperature: 0,
    schema,
  };
  const key = (request: CompletionRequest, modelId = 'openai:gpt-4o-mini') =>
    createCallKey(describeRequest(modelId, request));

  it('changes with model, provider, parameters, system, messages and schema', () => {
    const reference = key(base);
    expect(reference).toMatch(/^[0-9a-f]{64}$/);
    const variants = [
      key(base, 'openai:gpt-4o'),
      key(base, 'anthropic:gpt-4o-mini'),
      key(base, 'openai-compatible:gpt-4o-mini@http://127.0.0.1:8000/v1'),
      key({ ...base, temperature: 0.5 }),
      key({ ...base, maxTokens: 11 }),
      key({ ...base, system: 'T' }),
      key({ ...base, messages: [{ role: 'user', content: 'Hello!' }] }),
      key({ ...base, messages: [{ role: 'system', content: 'Hello' }] }),
      key({ ...base, schema: z.object({ title: z.string(), year: z.number() }) }),
      key({ ...base, schema: undefined }),
    ];
    expect(new Set([reference, ...variants]).size).toBe(variants.length + 1);
  });

  it('ignores message ids, turns, key order and the signal', () => {
    const reordered: CompletionRequest = {
      temperature: 0,
      schema: z.object({ title: z.string() }),
      maxTokens: 10,
      messages: [{ content: 'Hello', role: 'user', id: 'x', turn: 4 }],
      system: 'S',
      signal: new AbortController().signal,
    };
    expect(key(reordered)).toBe(key(base));
  });
});
