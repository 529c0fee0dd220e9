import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MemoryCallRecorder, ProviderError, StructuredOutputError } from '../../src/llm/index.js';
import { errorReply, type FakeServer, startFakeServer, textReply } from './fake-servers.js';
import { PROVIDER_CASES, sentRequest } from './provider-cases.js';

const hello = { messages: [{ role: 'user' as const, content: 'Hello' }] };
const answerSchema = z.object({ answer: z.number(), reason: z.string() });

describe.each(PROVIDER_CASES)('$name over its wire format', (providerCase) => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer(providerCase.format);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('sends model, system, converted messages, max tokens and temperature, and maps the reply', async () => {
    server.enqueue(textReply(providerCase.format, 'Hi there', { input: 21, output: 4 }));
    const model = providerCase.create(server);
    const completion = await model.complete({
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hello', id: 'm1', turn: 0 },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: 'Say hi.' },
      ],
      maxTokens: 64,
      temperature: 0.3,
    });
    expect(completion).toMatchObject({
      text: 'Hi there',
      usage: { inputTokens: 21, outputTokens: 4 },
      finishReason: 'stop',
    });
    expect(completion.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.requests).toHaveLength(1);
    const sent = sentRequest(server.requests[0]!);
    expect(sent).toMatchObject({
      model: model.id.split(':').slice(1).join(':').replace(/@.*$/, ''),
      system: 'Be brief.',
      maxTokens: 64,
      temperature: 0.3,
      structuredMode: 'none',
      apiKey: providerCase.apiKey,
    });
    expect(sent.messages).toEqual([
      { role: 'user', text: 'Hello' },
      { role: 'assistant', text: 'Hello! How can I help?' },
      { role: 'user', text: 'Say hi.' },
    ]);
  });

  it('waits as long as retry-after-ms asks after a 429, then succeeds', async () => {
    server.enqueue(errorReply(providerCase.format, 429, 'slow down', { 'retry-after-ms': '80' }));
    const completion = await providerCase.create(server).complete(hello);
    expect(completion.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(70);
  });

  it('retries a 500 and succeeds', async () => {
    server.enqueue(errorReply(providerCase.format, 500, 'boom'));
    const completion = await providerCase.create(server).complete(hello);
    expect(completion.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on 5xx after maxAttempts with the status, url and body excerpt', async () => {
    server.setFallback(() => errorReply(providerCase.format, 503, 'overloaded right now'));
    const error = await providerCase
      .create(server, { retry: { maxAttempts: 3, baseDelayMs: 1 } })
      .complete(hello)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'provider_error',
      reason: 'http-status',
      statusCode: 503,
      isRetryable: true,
      attempts: 3,
    });
    const providerError = error as ProviderError;
    expect(providerError.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/(chat\/completions|messages)$/);
    expect(providerError.responseBody).toContain('overloaded right now');
    expect(providerError.message).not.toContain('\n');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    server.enqueue(errorReply(providerCase.format, 400, 'bad request'));
    const error = await providerCase
      .create(server)
      .complete(hello)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, isRetryable: false, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hanging request, closes the connection, and reports a retryable timeout', async () => {
    server.enqueue({ hang: true });
    const model = providerCase.create(server, { timeoutMs: 150, retry: { maxAttempts: 1 } });
    const started = performance.now();
    const error = await model.complete(hello).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ reason: 'timeout', isRetryable: true, attempts: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await server.waitFor(() => server.requests[0]?.closedEarly === true);
  });

  it('retries after a timeout and gets the next answer', async () => {
    server.enqueue({ hang: true }, textReply(providerCase.format, 'second try'));
    const completion = await providerCase.create(server, { timeoutMs: 150 }).complete(hello);
    expect(completion.text).toBe('second try');
    expect(server.requests).toHaveLength(2);
  });

  it('reports a malformed JSON body as a retryable invalid response with the body excerpt', async () => {
    server.setFallback(() => ({ rawBody: '{"choices": [ this is not json' }));
    const error = await providerCase
      .create(server, { retry: { maxAttempts: 2, baseDelayMs: 1 } })
      .complete(hello)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      reason: 'invalid-response',
      statusCode: 200,
      isRetryable: true,
      attempts: 2,
    });
    expect((error as ProviderError).responseBody).toContain('this is not json');
    expect(server.requests).toHaveLength(2);
  });

  it('cancels mid-request on the caller signal without retrying', async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const pending = providerCase.create(server).complete({ ...hello, signal: controller.signal });
    await server.waitFor(() => server.requests.length === 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await server.waitFor(() => server.requests[0]?.closedEarly === true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toHaveLength(1);
  });

  it('returns a validated object for a structured request', async () => {
    server.enqueue(textReply(providerCase.format, '{"answer": 42, "reason": "it is"}'));
    const completion = await providerCase.create(server).complete({ ...hello, schema: answerSchema });
    expect(completion.object).toEqual({ answer: 42, reason: 'it is' });
    const sent = sentRequest(server.requests[0]!);
    const expected =
      { openai: 'json_schema', anthropic: 'output_config' }[providerCase.name] ?? 'json_object';
    expect(sent.structuredMode).toBe(expected);
    // Without native json_schema the schema travels in the system prompt.
    if (expected === 'json_object') expect(sent.system).toContain('"answer"');
  });

  it('repairs a schema-invalid reply once, sending the validation error back', async () => {
    server.enqueue(
      textReply(providerCase.format, '{"answer": "forty-two"}', { input: 10, output: 5 }),
      textReply(providerCase.format, '{"answer": 42, "reason": "fixed"}', { input: 30, output: 6 }),
    );
    const completion = await providerCase.create(server).complete({ ...hello, schema: answerSchema });
    expect(completion.object).toEqual({ answer: 42, reason: 'fixed' });
    expect(completion.usage).toEqual({ inputTokens: 40, outputTokens: 11 });
    expect(server.requests).toHaveLength(2);
    const repair = sentRequest(server.requests[1]!);
    expect(repair.messages[1]).toEqual({ role: 'assistant', text: '{"answer": "forty-two"}' });
    expect(repair.messages[2]!.text).toContain('answer');
    expect(repair.messages[2]!.text).toMatch(/expected number/i);
    expect(repair.messages[2]!.text).toContain('reason');
  });

  it('throws StructuredOutputError with the raw text after a failed repair, and the recorder keeps it', async () => {
    server.enqueue(
      textReply(providerCase.format, 'not json at all'),
      textReply(providerCase.format, '{"answer": 1}'),
    );
    const recorder = new MemoryCallRecorder();
    const model = providerCase.create(server, { cache: { recorder } });
    const error = await model.complete({ ...hello, schema: answerSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({ code: 'structured_output_invalid', rawText: '{"answer": 1}', attempts: 2 });
    expect(server.requests).toHaveLength(2);
    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0]!.error).toMatchObject({
      code: 'structured_output_invalid',
      rawText: '{"answer": 1}',
    });
    expect(recorder.calls[0]!.response).toBeUndefined();
  });
});
