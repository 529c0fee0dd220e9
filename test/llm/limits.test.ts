import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { createLanguageModel, LimitRegistry, TokenBucket, wrapLimits } from '../../src/llm/index.js';
import { type FakeServer, openAIReply, startFakeServer } from './fake-servers.js';

const hello = { messages: [{ role: 'user' as const, content: 'Hello' }] };
let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  await server.close();
});

function model(
  registry: LimitRegistry,
  limits: { concurrency?: number; requestsPerMinute?: number; tokensPerMinute?: number },
) {
  return createLanguageModel('openai:gpt-4o-mini', {
    apiKey: 'sk-test',
    baseURL: server.baseURL,
    limits: { registry, ...limits },
  });
}

describe('concurrency', () => {
  it('keeps 20 parallel calls to at most 3 in flight at the server', async () => {
    server.setFallback(() => ({ ...openAIReply('ok'), delayMs: 25 }));
    const limited = model(new LimitRegistry(), { concurrency: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => limited.complete(hello)));
    expect(results.every((result) => result.text === 'ok')).toBe(true);
    expect(server.requests).toHaveLength(20);
    expect(server.maxInFlight).toBe(3);
  });

  it('shares one limit among all wrappers of a model id in one registry', async () => {
    server.setFallback(() => ({ ...openAIReply('ok'), delayMs: 20 }));
    const registry = new LimitRegistry();
    const first = model(registry, { concurrency: 2 });
    const second = model(registry, { concurrency: 2 });
    await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? first : second).complete(hello)));
    expect(server.maxInFlight).toBe(2);
  });

  it('refuses a second wrapper of the same model with other limits', () => {
    const registry = new LimitRegistry();
    model(registry, { concurrency: 2 });
    expect(() => model(registry, { concurrency: 5 })).toThrow(ValidationError);
    expect(() => model(registry, { concurrency: 5 })).toThrow(/share its limits/);
    expect(() => model(new LimitRegistry(), { concurrency: 0 })).toThrow(/positive/);
  });

  it('lets a queued call leave on abort without ever sending it', async () => {
    server.setFallback(() => ({ ...openAIReply('ok'), delayMs: 200 }));
    const limited = model(new LimitRegistry(), { concurrency: 1 });
    const first = limited.complete(hello);
    const controller = new AbortController();
    const second = limited.complete({ ...hello, signal: controller.signal });
    await server.waitFor(() => server.requests.length === 1);
    const settled: string[] = [];
    void first.then(() => settled.push('first'));
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    settled.push('second');
    // The aborted call left the queue at once: it did not wait for the call ahead of it (200 ms at the server).
    expect((await first).text).toBe('ok');
    expect(settled).toEqual(['second', 'first']);
    expect(server.requests).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('spreads requests per minute: beyond one second of allowance, calls wait', async () => {
    // 1200 per minute: 20 at once, then one every 50 ms.
    const limited = model(new LimitRegistry(), { requestsPerMinute: 1200 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 25 }, () => limited.complete(hello)));
    const times = server.requests.map((request) => request.receivedAt - started).sort((a, b) => a - b);
    // The 21st request is the first that had to wait for a refill; the 25th waited for five of them.
    expect(times[20]!).toBeGreaterThanOrEqual(45);
    expect(times[24]!).toBeGreaterThanOrEqual(240);
  });

  it('limits tokens per minute by the estimated input tokens', async () => {
    // 120 000 per minute: 2000 tokens a second; each request is about 1000 tokens.
    const limited = model(new LimitRegistry(), { tokensPerMinute: 120_000 });
    const big = { messages: [{ role: 'user' as const, content: 'word '.repeat(1000) }] };
    const started = performance.now();
    await Promise.all([limited.complete(big), limited.complete(big), limited.complete(big)]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('does not delay calls under the limits', async () => {
    server.setFallback(() => ({ ...openAIReply('ok'), delayMs: 1000 }));
    const limited = model(new LimitRegistry(), { requestsPerMinute: 6000, tokensPerMinute: 1_000_000 });
    let replied = 0;
    const calls = Array.from({ length: 5 }, () => limited.complete(hello).then(() => replied++));
    // All five reach the server while the first reply is still on its way: none waited for an allowance.
    await server.waitFor(() => server.requests.length === 5);
    expect(replied).toBe(0);
    await Promise.all(calls);
  });

  it('works on any LanguageModel, not only providers', () => {
    const registry = new LimitRegistry();
    const wrapped = wrapLimits(
      {
        id: 'custom',
        complete: async () => ({
          text: '',
          usage: { inputTokens: 0, outputTokens: 0 },
          latencyMs: 0,
          finishReason: 'stop',
        }),
      },
      { registry, concurrency: 1 },
    );
    expect(wrapped.id).toBe('custom');
    expect(registry.limiterFor('custom', { concurrency: 1 }).inFlight).toBe(0);
  });
});

describe('TokenBucket', () => {
  it('holds one second of allowance, refills with time, and can go into debt', async () => {
    let now = 0;
    const bucket = new TokenBucket(600, () => now);
    expect(bucket.capacity).toBe(10);
    await bucket.take(10);
    expect(bucket.available).toBe(0);
    now += 500;
    expect(bucket.available).toBe(5);
    bucket.debit(20);
    expect(bucket.available).toBe(-15);
    now += 10_000;
    expect(bucket.available).toBe(10);
  });

  it('never holds less than one token, so low limits still let requests through', () => {
    expect(new TokenBucket(3).capacity).toBe(1);
    expect(() => new TokenBucket(0)).toThrow(RangeError);
  });

  it('lets a take larger than the capacity through once the bucket is full', async () => {
    const bucket = new TokenBucket(60_000);
    await bucket.take(5000);
    expect(bucket.available).toBeLessThan(-3000);
  });
});
