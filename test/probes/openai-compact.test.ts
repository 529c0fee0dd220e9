import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel, type RetryOptions } from '../../src/llm/index.js';
import type { Message } from '../../src/messages/types.js';
import {
  createDeterministicJudge,
  createLexicalAnswerer,
  createModelAnswerer,
  createOpenAICompactMethod,
  DEFAULT_RUBRIC,
  runProbes,
  WINDOW_ANSWER_INSTRUCTIONS,
} from '../../src/probes/index.js';
import { toResponsesInput } from '../../src/probes/responses-input.js';
import { readSession } from '../../src/sessions/index.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { errorReply, type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';

const root = new URL('../..', import.meta.url).pathname;
let server: FakeServer;
afterEach(async () => {
  await server.close();
});

const history: Message[] = [
  { role: 'system', content: 'You are a coding agent.' },
  { role: 'user', content: 'fix the failing retry test' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [{ id: 'call_1', name: 'shell', arguments: { command: ['npm', 'test'] } }],
  },
  {
    role: 'tool',
    toolCallId: 'call_1',
    toolName: 'shell',
    content: 'AssertionError: expected 1 to be 4',
    isError: true,
  },
  { role: 'assistant', content: 'The attempts count is lost in wrapRetry.' },
];
const counter = createTokenCounter();

/**
 * A compacted response as the endpoint sends it, written out by hand so its bytes are known: the kept user
 * message, then the compaction item with its keys in an order a re-serialisation through a schema would change.
 */
const OPAQUE = 'gAAAAABpM0Yj-Zq3/x+Y9_kLwQ==';
const COMPACTION_ITEM = `{"encrypted_content":"${OPAQUE}","type":"compaction","id":"cmp_001","created_by":"resp_1"}`;
const KEPT_USER = `{"id":"msg_000","type":"message","status":"completed","role":"user","content":[{"type":"input_text","text":"fix the failing retry test"}]}`;
const COMPACTED = `{"id":"resp_001","object":"response.compaction","created_at":1764967971,"output":[${KEPT_USER},${COMPACTION_ITEM}],"usage":{"input_tokens":139,"input_tokens_details":{"cached_tokens":0},"output_tokens":438,"output_tokens_details":{"reasoning_tokens":64},"total_tokens":577}}`;

async function start(): Promise<FakeServer> {
  server = await startFakeServer('openai-responses');
  return server;
}

describe('openai-compact against a fake Responses API server', () => {
  it('sends the history as Responses items to /responses/compact and keeps the returned window', async () => {
    const fake = await start();
    fake.enqueue({ rawBody: COMPACTED });
    const method = createOpenAICompactMethod('openai:gpt-5.1-codex-max', {
      apiKey: 'sk-test-KEY',
      baseURL: fake.baseURL,
    });
    const context = await method.compact(history, { budgetTokens: 8000, counter });
    const request = fake.requests[0];
    expect(request?.path).toBe('/v1/responses/compact');
    expect(request?.headers.authorization).toBe('Bearer sk-test-KEY');
    expect(request?.body).toEqual({
      model: 'gpt-5.1-codex-max',
      instructions: 'You are a coding agent.',
      input: [
        { type: 'message', role: 'user', content: 'fix the failing retry test' },
        { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{"command":["npm","test"]}' },
        {
          type: 'function_call_output',
          call_id: 'call_1',
          output: '[error] AssertionError: expected 1 to be 4',
        },
        { type: 'message', role: 'assistant', content: 'The attempts count is lost in wrapRetry.' },
      ],
    });
    expect(request?.rawBody).not.toContain('openai-compact');
    expect(context.window?.items).toEqual(JSON.parse(`[${KEPT_USER},${COMPACTION_ITEM}]`));
    expect(context.text).toBe(
      `[user]\nfix the failing retry test\n\n[user]\n[Compaction: an opaque encrypted item of ${OPAQUE.length} characters; only the provider's model can read it]`,
    );
    expect(context.tokensBefore).toBe(counter.countMessages(history));
    expect(context.tokensAfter).toBe(counter.countMessages(context.messages) + 438);
  });

  it('answers a probe by sending the opaque item back byte-identical, then the question', async () => {
    const fake = await start();
    fake.enqueue(
      { rawBody: COMPACTED },
      textReply('openai-responses', 'The retry test: attempts 1, expected 4.'),
    );
    const connection = { apiKey: 'sk-test-KEY', baseURL: fake.baseURL };
    const method = createOpenAICompactMethod('openai:gpt-5.1-codex-max', connection);
    const context = await method.compact(history, { budgetTokens: 8000, counter });
    const model = createLanguageModel('openai:gpt-5.1-codex-max', { ...connection, retry: false });
    const answerer = createModelAnswerer(model, connection);
    const probe = {
      id: 'recall-1',
      type: 'recall' as const,
      question: 'Which test failed, and how?',
      groundTruth: { text: 'attempts 1, expected 4', facts: ['expected 1 to be 4'], messageIds: [] },
      criteria: ['accuracy_factual'],
      source: 'deterministic' as const,
    };
    const answer = await answerer.answer({
      probe,
      compactedContext: context.text,
      ...(context.window ? { window: context.window } : {}),
    });
    expect(answer).toBe('The retry test: attempts 1, expected 4.');
    const request = fake.requests[1];
    expect(request?.path).toBe('/v1/responses');
    expect(request?.headers.authorization).toBe('Bearer sk-test-KEY');
    // The window's bytes as the server sent them: the encrypted string untouched, the keys in the server's order.
    expect(request?.rawBody).toContain(`"input":[${KEPT_USER},${COMPACTION_ITEM},`);
    const body = request?.body as { model: string; instructions: string; store: boolean; input: unknown[] };
    expect(body.model).toBe('gpt-5.1-codex-max');
    expect(body.instructions).toBe(WINDOW_ANSWER_INSTRUCTIONS);
    expect(body.store).toBe(false);
    expect(body.input).toHaveLength(3);
    expect(body.input[2]).toEqual({
      type: 'message',
      role: 'user',
      content: 'Question: Which test failed, and how?',
    });
    expect(request?.rawBody).not.toContain('temperature');
    // Blinding: the model under test never learns which method made its context.
    expect(request?.rawBody).not.toContain('openai-compact');
  });

  it('runs end to end on a sample session: one compaction per point, every answer carries the window', async () => {
    const fake = await start();
    fake.setFallback((request) =>
      request.path === '/v1/responses/compact'
        ? { rawBody: COMPACTED }
        : textReply('openai-responses', 'I do not know.'),
    );
    const session = await readSession(
      join(root, 'samples/sessions/codex/rollout-2026-10-14T09-12-03-debugging-retry-attempts.jsonl'),
    );
    const connection = { apiKey: 'sk-test-KEY', baseURL: fake.baseURL };
    const run = await runProbes({
      sessions: [{ key: 'debugging', messages: session.messages }],
      methods: [createOpenAICompactMethod('openai:gpt-5.1-codex-max', connection)],
      answerer: createModelAnswerer(createLanguageModel('openai:gpt-5.1-codex-max', connection), connection),
      judge: createDeterministicJudge({ rubric: DEFAULT_RUBRIC }),
      maxPerType: 1,
    });
    expect(run.results.length).toBeGreaterThan(1);
    expect(
      run.results.every((result) => result.verdict !== undefined && result.answer === 'I do not know.'),
    ).toBe(true);
    const compacts = fake.requests.filter((request) => request.path === '/v1/responses/compact');
    const answers = fake.requests.filter((request) => request.path === '/v1/responses');
    expect(compacts).toHaveLength(1);
    expect(answers).toHaveLength(run.results.length);
    for (const request of answers) expect(request.rawBody).toContain(COMPACTION_ITEM);
    // Every function call of the session is answered in what was sent (the API refuses an unanswered call).
    const input = (compacts[0]?.body.input ?? []) as { type: string; call_id?: string }[];
    const calls = input.filter((item) => item.type === 'function_call').map((item) => item.call_id);
    const outputs = input.filter((item) => item.type === 'function_call_output').map((item) => item.call_id);
    expect(calls.length).toBeGreaterThan(0);
    expect(outputs.sort()).toEqual(calls.sort());
  });

  it('refuses to let the lexical reader or a non-OpenAI model answer from the opaque item', async () => {
    const fake = await start();
    fake.setFallback(() => ({ rawBody: COMPACTED }));
    const session = await readSession(
      join(root, 'samples/sessions/codex/rollout-2026-10-14T09-12-03-feature-runs-since.jsonl'),
    );
    const connection = { apiKey: 'sk-test-KEY', baseURL: fake.baseURL };
    const run = await runProbes({
      sessions: [{ key: 'feature', messages: session.messages }],
      methods: [createOpenAICompactMethod('openai:gpt-5.1-codex-max', connection)],
      answerer: createLexicalAnswerer(),
      judge: createDeterministicJudge({ rubric: DEFAULT_RUBRIC }),
      maxPerType: 1,
    });
    expect(run.results.length).toBeGreaterThan(0);
    for (const result of run.results) {
      expect(result.verdict).toBeUndefined();
      expect(result.error).toEqual({
        stage: 'answer',
        code: 'method_failed',
        message:
          'openai-compact: the compacted context is an opaque item the lexical reader cannot read: answer with --model openai:<model>',
      });
    }
    const claude = createModelAnswerer(
      createLanguageModel('anthropic:claude-sonnet-4-5', { apiKey: 'sk-test-KEY' }),
    );
    const context = await createOpenAICompactMethod('openai:gpt-5.1-codex-max', connection).compact(history, {
      budgetTokens: 8000,
      counter,
    });
    await expect(
      claude.answer({
        probe: run.results[0]!.probe,
        compactedContext: context.text,
        window: context.window!,
      }),
    ).rejects.toThrow(
      'openai-compact: the compacted context is an opaque item only an OpenAI model can read, and the model under test is anthropic:claude-sonnet-4-5: answer with --model openai:<model>',
    );
    expect(() => createOpenAICompactMethod('anthropic:claude-sonnet-4-5')).toThrow(
      'openai-compact needs an openai:<model> spec, got anthropic:claude-sonnet-4-5',
    );
  });
});

describe('openai-compact errors, one line naming the endpoint', () => {
  const compact = async (
    options: { retry?: RetryOptions; timeoutMs?: number } = { retry: { maxAttempts: 1 } },
  ) =>
    createOpenAICompactMethod('openai:gpt-5.1-codex-max', {
      apiKey: 'sk-test-KEY',
      baseURL: server.baseURL,
      ...options,
    }).compact(history, {
      budgetTokens: 8000,
      counter,
    });
  const failure = (options?: Parameters<typeof compact>[0]) =>
    compact(options).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );

  it.each([
    [
      'an error status',
      errorReply('openai-responses', 400, 'Invalid input[3]: no such call_id'),
      /answered HTTP 400 \(Invalid input\[3\]: no such call_id\)$/,
    ],
    [
      'a server error',
      errorReply('openai-responses', 503, 'overloaded'),
      /answered HTTP 503 \(overloaded\)$/,
    ],
    [
      'malformed JSON',
      { rawBody: '{"output": [{"type": "compac' },
      /answered HTTP 200 with a body that is not JSON: "\{\\"output\\": \[\{\\"type\\": \\"compac"$/,
    ],
    [
      'no output list',
      { body: { id: 'resp_1', object: 'response.compaction' } },
      /answered a JSON value with no output list$/,
    ],
    [
      'no compaction item',
      { body: { object: 'response.compaction', output: [JSON.parse(KEPT_USER)] } },
      /answered with no compaction item \(output item types: message\)$/,
    ],
    [
      'a compaction item without encrypted content',
      { body: { object: 'response.compaction', output: [{ type: 'compaction', id: 'cmp_1' }] } },
      /answered with no compaction item \(output item types: compaction\)$/,
    ],
  ])('%s', async (_name, reply, message) => {
    await start();
    server.enqueue(reply);
    const error = await failure();
    expect(error?.message).toMatch(new RegExp(`^openai-compact: POST ${server.baseURL}/responses/compact `));
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain('\n');
  });

  it('retries what may pass later (waiting as the server asks), and names the attempts when it never does', async () => {
    await start();
    const waits: number[] = [];
    const wait = async (milliseconds: number) => {
      waits.push(milliseconds);
    };
    server.enqueue(
      { ...errorReply('openai-responses', 429, 'slow down'), headers: { 'retry-after-ms': '7' } },
      { rawBody: COMPACTED },
    );
    const context = await compact({ retry: { wait } });
    expect(context.window?.items).toHaveLength(2);
    expect(waits).toEqual([7]);
    expect(server.requests).toHaveLength(2);
    server.setFallback(() => errorReply('openai-responses', 503, 'overloaded'));
    const error = await failure({ retry: { wait, maxAttempts: 3 } });
    expect(error?.message).toBe(
      `openai-compact: POST ${server.baseURL}/responses/compact answered HTTP 503 (overloaded) (after 3 attempts)`,
    );
    expect(server.requests).toHaveLength(5);
    server.enqueue(errorReply('openai-responses', 400, 'bad input'));
    expect((await failure({ retry: { wait } }))?.message).toMatch(/answered HTTP 400 \(bad input\)$/);
    expect(server.requests).toHaveLength(6);
  });

  it('gives up on a server that never answers', async () => {
    await start();
    server.enqueue({ hang: true });
    const error = await failure({ retry: { maxAttempts: 1 }, timeoutMs: 50 });
    expect(error?.message).toBe(
      `openai-compact: POST ${server.baseURL}/responses/compact gave no answer within 50 ms`,
    );
  });

  it('records a failed compaction on every row of the point, and an answer with no text as an answer error', async () => {
    await start();
    server.enqueue(errorReply('openai-responses', 500, 'boom'));
    const session = await readSession(
      join(root, 'samples/sessions/codex/rollout-2026-10-14T09-12-03-review-store-import.jsonl'),
    );
    const connection = { apiKey: 'sk-test-KEY', baseURL: server.baseURL };
    const once = { ...connection, retry: { maxAttempts: 1 } };
    const options = {
      sessions: [{ key: 'review', messages: session.messages }],
      methods: [createOpenAICompactMethod('openai:gpt-5.1-codex-max', once)],
      answerer: createModelAnswerer(createLanguageModel('openai:gpt-5.1-codex-max', connection), once),
      judge: createDeterministicJudge({ rubric: DEFAULT_RUBRIC }),
      maxPerType: 1,
    };
    const failed = await runProbes(options);
    expect(failed.results.length).toBeGreaterThan(0);
    for (const result of failed.results) {
      expect(result.error?.stage).toBe('compact');
      expect(result.error?.message).toBe(
        `openai-compact: POST ${server.baseURL}/responses/compact answered HTTP 500 (boom)`,
      );
    }
    server.setFallback((request) =>
      request.path === '/v1/responses/compact'
        ? { rawBody: COMPACTED }
        : {
            body: {
              object: 'response',
              status: 'incomplete',
              incomplete_details: { reason: 'max_output_tokens' },
              output: [{ type: 'reasoning', summary: [] }],
            },
          },
    );
    const empty = await runProbes(options);
    for (const result of empty.results) {
      expect(result.error?.stage).toBe('answer');
      expect(result.error?.message).toBe(
        `openai-compact: POST ${server.baseURL}/responses answered with no output text (status incomplete: max_output_tokens)`,
      );
    }
  });
});

describe('toResponsesInput', () => {
  it('answers a call the transcript left open and keeps a result whose call is missing', () => {
    const { instructions, input } = toResponsesInput([
      { role: 'user', content: 'go', attachments: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] },
      { role: 'assistant', content: 'running', toolCalls: [{ id: 'c1', name: 'shell', arguments: 'ls -l' }] },
      { role: 'user', content: 'stop' },
      { role: 'tool', toolCallId: 'c9', toolName: 'shell', content: 'late output' },
      { role: 'system', content: 'be brief' },
    ]);
    expect(instructions).toBeUndefined();
    expect(input).toEqual([
      { type: 'message', role: 'user', content: 'go\n[image: image/png, 4 bytes base64]' },
      { type: 'message', role: 'assistant', content: 'running' },
      { type: 'function_call', call_id: 'c1', name: 'shell', arguments: 'ls -l' },
      { type: 'function_call_output', call_id: 'c1', output: '[no output was recorded for this call]' },
      { type: 'message', role: 'user', content: 'stop' },
      { type: 'message', role: 'user', content: '[tool result shell]\nlate output' },
      { type: 'message', role: 'system', content: 'be brief' },
    ]);
  });
});
