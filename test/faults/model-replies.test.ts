import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLanguageModel, ProviderError } from '../../src/llm/index.js';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { runBuiltCliAsync } from '../support/built-cli.js';

/*
 * A model reply is read up to a limit (1 MiB unless configured) and no further: a 5 MB reply fails the call
 * with a clear, non-retried error instead of being held, stored and printed whole. Real HTTP servers on
 * 127.0.0.1 speak each provider's wire format.
 */

const servers: Partial<Record<'openai' | 'anthropic', FakeServer>> = {};
beforeAll(async () => {
  servers.openai = await startFakeServer('openai');
  servers.anthropic = await startFakeServer('anthropic');
});
afterAll(async () => {
  await servers.openai?.close();
  await servers.anthropic?.close();
});

function server(format: 'openai' | 'anthropic'): FakeServer {
  const found = servers[format];
  if (found === undefined) throw new Error('server not started');
  return found;
}

function modelFor(format: 'openai' | 'anthropic', maxReplyBytes?: number) {
  const { baseURL } = server(format);
  const spec = format === 'openai' ? `openai-compatible:m@${baseURL}` : 'anthropic:claude-test';
  return createLanguageModel(spec, {
    ...(format === 'anthropic' ? { apiKey: 'sk-ant-test', baseURL } : {}),
    ...(maxReplyBytes === undefined ? {} : { maxReplyBytes }),
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    cost: false,
  });
}

describe('model replies are capped', () => {
  for (const format of ['openai', 'anthropic'] as const) {
    it(`fails a 5 MB ${format} reply at the default 1 MiB limit, once, naming the limit and how to raise it`, async () => {
      const fake = server(format);
      const before = fake.requests.length;
      fake.enqueue(textReply(format, 'x'.repeat(5_000_000)));
      const error = await modelFor(format)
        .complete({ messages: [{ role: 'user', content: 'hi' }] })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ reason: 'reply-too-large', isRetryable: false });
      expect((error as Error).message).toMatch(
        /: the reply is over 1,048,576 bytes, the limit for a model reply; raise it with maxReplyBytes \(--max-reply-bytes\) or COMPACTKIT_MAX_REPLY_BYTES$/,
      );
      expect(fake.requests.length - before).toBe(1);
    });
  }

  it('reads a reply under the limit whole, and a larger limit lets a larger reply through', async () => {
    const fake = server('openai');
    fake.enqueue(textReply('openai', 'y'.repeat(900_000)));
    const under = await modelFor('openai').complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(under.text).toHaveLength(900_000);
    fake.enqueue(textReply('openai', 'z'.repeat(3_000_000)));
    const raised = await modelFor('openai', 4_000_000).complete({
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(raised.text).toHaveLength(3_000_000);
    fake.enqueue(textReply('openai', 'ok then'));
    const tight = await modelFor('openai', 50)
      .complete({ messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught);
    expect(tight).toMatchObject({ reason: 'reply-too-large' });
  });

  it('models check prints a bounded preview, and fails an oversized reply in one line, exit 1', async () => {
    const fake = server('openai');
    const spec = `openai-compatible:m@${fake.baseURL}`;
    fake.enqueue(textReply('openai', `${'a'.repeat(499)}é${'b'.repeat(99_500)}`));
    const long = await runBuiltCliAsync(['models', 'check', spec, '--cache', 'off']);
    expect(long.stderr).toBe('');
    expect(long.code).toBe(0);
    const replyLine = long.stdout.split('\n').find((line) => line.startsWith('reply:')) ?? '';
    expect(replyLine).toBe(`reply:    "${'a'.repeat(499)}é"… (99,500 more characters)`);

    fake.enqueue(textReply('openai', 'q'.repeat(2_000)));
    const capped = await runBuiltCliAsync([
      'models',
      'check',
      spec,
      '--cache',
      'off',
      '--max-reply-bytes',
      '1000',
    ]);
    expect(capped.stdout).toBe('');
    expect(capped.stderr).toBe(
      `compactkit: ${spec}: the reply is over 1,000 bytes, the limit for a model reply; raise it with maxReplyBytes (--max-reply-bytes) or COMPACTKIT_MAX_REPLY_BYTES\n`,
    );
    expect(capped.code).toBe(1);

    fake.enqueue(textReply('openai', 'q'.repeat(2_000)));
    const fromEnvironment = await runBuiltCliAsync(['models', 'check', spec, '--cache', 'off'], {
      env: { COMPACTKIT_MAX_REPLY_BYTES: '1000' },
    });
    expect(fromEnvironment.stderr).toMatch(/the reply is over 1,000 bytes/);
    expect(fromEnvironment.code).toBe(1);
  }, 60_000);
});
