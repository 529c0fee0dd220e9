import { inspect } from 'node:util';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createLanguageModel,
  formatUsageSummary,
  MemoryCallRecorder,
  UsageMeter,
} from '../../src/llm/index.js';
import { errorReply, startFakeServer, textReply } from './fake-servers.js';

const SECRET = 'sk-test-SECRET123';

afterEach(() => {
  vi.unstubAllEnvs();
});

it('never lets the key reach ids, errors, recordings or summaries', async () => {
  const server = await startFakeServer('openai');
  const seen: string[] = [];
  const keep = (value: unknown) => {
    seen.push(String(value), JSON.stringify(value) ?? '', inspect(value, { depth: 20, showHidden: true }));
    if (value instanceof Error) seen.push(value.stack ?? '');
  };
  try {
    vi.stubEnv('OPENAI_API_KEY', SECRET);
    vi.stubEnv('COMPACTKIT_OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_BASE_URL', `${server.baseURL}`);
    // A server that echoes the key back in its error body and headers.
    const echo = `Incorrect API key provided: ${SECRET}. You can find your API key at ...`;
    server.enqueue(
      errorReply('openai', 401, echo, { 'x-echo': SECRET }),
      errorReply('openai', 500, echo),
      { hang: true },
      textReply('openai', 'not json'),
      textReply('openai', 'still not json'),
      textReply('openai', 'fine'),
    );
    const recorder = new MemoryCallRecorder();
    const meter = new UsageMeter();
    const model = createLanguageModel('openai:gpt-4o-mini', {
      retry: { maxAttempts: 1 },
      timeoutMs: 100,
      cache: { recorder, mode: 'refresh' },
      meter: { meter, label: 'secrets' },
    });
    keep(model.id);
    const hello = { messages: [{ role: 'user' as const, content: 'Hi' }] };
    for (const request of [hello, hello, hello, { ...hello, schema: z.object({ a: z.number() }) }, hello]) {
      keep(await model.complete(request).catch((error: unknown) => error));
    }
    keep(recorder.calls);
    keep(meter.summary());
    keep(formatUsageSummary(meter.summary()));
    expect(server.requests.map((request) => request.headers.authorization)).toContain(`Bearer ${SECRET}`);
    expect(recorder.calls).toHaveLength(5);
    expect(seen.join('\n')).toContain('[redacted]');
    for (const text of seen) expect(text).not.toContain('SECRET123');
  } finally {
    await server.close();
  }
});
