import { afterEach, describe, expect, it } from 'vitest';
import {
  createLanguageModel,
  createMockLanguageModel,
  ProviderError,
  parseRetryAfter,
  wrapRetry,
  wrapTimeout,
} from '../../src/llm/index.js';
import { errorReply, type FakeServer, startFakeServer } from './fake-servers.js';

const hello = { messages: [{ role: 'user' as const, content: 'Hello' }] };
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function rateLimited(statusCode = 429, retryAfterMs?: number) {
  return new ProviderError('mock:model: HTTP 429', {
    modelId: 'mock:model',
    reason: 'http-status',
    isRetryable: statusCode === 429 || statusCode >= 500,
    attempts: 1,
    statusCode,
    retryAfterMs,
  });
}

describe('retries over HTTP', () => {
  it('honours Retry-After in seconds on a 429 (attempts = 2)', async () => {
    server = await startFakeServer('openai');
    server.enqueue(errorReply('openai', 429, 'rate limited', { 'retry-after': '1' }));
    const model = createLanguageModel('openai:gpt-4o-mini', {
      apiKey: 'sk-test',
      baseURL: server.baseURL,
      retry: { baseDelayMs: 1 },
    });
    const completion = await model.complete(hello);
    expect(completion.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.receivedAt - server.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After longer than maxDelayMs, and keeps it on the error', async () => {
    server = await startFakeServer('openai');
    server.enqueue(errorReply('openai', 429, 'come back tomorrow', { 'retry-after': '86400' }));
    const model = createLanguageModel('openai:gpt-4o-mini', { apiKey: 'sk-test', baseURL: server.baseURL });
    const error = await model.complete(hello).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 429,
      retryAfterMs: 86_400_000,
      attempts: 1,
      isRetryable: true,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a refused connection as a network error', async () => {
    server = await startFakeServer('openai');
    const baseURL = server.baseURL;
    await server.close();
    server = undefined;
    const model = createLanguageModel('openai:gpt-4o-mini', {
      apiKey: 'sk-test',
      baseURL,
      retry: { baseDelayMs: 1, maxAttempts: 3 },
    });
    const error = await model.complete(hello).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ reason: 'network', isRetryable: true, attempts: 3 });
    expect((error as ProviderError).message).toContain('ECONNREFUSED');
  });
});

describe('wrapRetry', () => {
  it('backs off exponentially with full jitter', async () => {
    const model = createMockLanguageModel({
      reply: (_request, callIndex) => {
        if (callIndex < 3) throw rateLimited(500);
        return 'done';
      },
    });
    const waits: number[] = [];
    const completion = await wrapRetry(model, {
      baseDelayMs: 20,
      random: () => 0.5,
      wait: async (milliseconds) => {
        waits.push(milliseconds);
      },
    }).complete(hello);
    expect(completion.text).toBe('done');
    expect(model.calls).toHaveLength(4);
    // Half of 20, 40 and 80 ms: the jitter scales each doubled ceiling.
    expect(waits).toEqual([10, 20, 40]);
  });

  it('waits on a real timer when no wait is given', async () => {
    const model = createMockLanguageModel({
      reply: (_request, callIndex) => {
        if (callIndex === 0) throw rateLimited(500);
        return 'done';
      },
    });
    const completion = await wrapRetry(model, { baseDelayMs: 1 }).complete(hello);
    expect(completion.text).toBe('done');
    expect(model.calls).toHaveLength(2);
  });

  it('uses the retry-after delay instead of the backoff', async () => {
    const model = createMockLanguageModel({
      reply: (_request, callIndex) => {
        if (callIndex === 0) throw rateLimited(429, 60);
        return 'done';
      },
    });
    const waits: number[] = [];
    await wrapRetry(model, {
      baseDelayMs: 1,
      wait: async (milliseconds) => {
        waits.push(milliseconds);
      },
    }).complete(hello);
    expect(waits).toEqual([60]);
  });

  it('throws other errors at once, and non-retryable provider errors with attempts = 1', async () => {
    const plain = createMockLanguageModel({
      reply: () => {
        throw new TypeError('a bug');
      },
    });
    await expect(wrapRetry(plain, { baseDelayMs: 1 }).complete(hello)).rejects.toThrow('a bug');
    expect(plain.calls).toHaveLength(1);
    const badRequest = createMockLanguageModel({
      reply: () => {
        throw rateLimited(404);
      },
    });
    await expect(wrapRetry(badRequest, { baseDelayMs: 1 }).complete(hello)).rejects.toMatchObject({
      statusCode: 404,
      attempts: 1,
    });
    expect(badRequest.calls).toHaveLength(1);
  });

  it('stops waiting when the caller aborts during the backoff', async () => {
    const model = createMockLanguageModel({
      reply: () => {
        throw rateLimited(429, 10_000);
      },
    });
    const controller = new AbortController();
    const pending = wrapRetry(model, { maxDelayMs: 60_000 }).complete({
      ...hello,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(model.calls).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads retry-after-ms, seconds and HTTP dates, case-insensitively', () => {
    expect(parseRetryAfter({ 'Retry-After-Ms': '250' })).toBe(250);
    expect(parseRetryAfter({ 'retry-after': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '1.5' })).toBe(1500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(30_000);
    expect(parseRetryAfter({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }, now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter({})).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
  });
});

describe('wrapTimeout', () => {
  it('times out a model that ignores its signal', async () => {
    const stuck = { id: 'mock:stuck', complete: () => new Promise<never>(() => {}) };
    const error = await wrapTimeout(stuck, { timeoutMs: 30 })
      .complete(hello)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'timeout', isRetryable: true, modelId: 'mock:stuck' });
  });

  it('passes a caller abort through with its own reason', async () => {
    const stuck = { id: 'mock:stuck', complete: () => new Promise<never>(() => {}) };
    const controller = new AbortController();
    const pending = wrapTimeout(stuck, { timeoutMs: 10_000 }).complete({
      ...hello,
      signal: controller.signal,
    });
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
  });
});
