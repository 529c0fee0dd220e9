import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/messages/types.js';
import { createAnthropicCompactMethod } from '../../src/probes/index.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { type FakeServer, startFakeServer } from '../llm/fake-servers.js';

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
    toolCalls: [{ id: 'toolu_1', name: 'Bash', arguments: { command: 'npm test' } }],
  },
  {
    role: 'tool',
    toolCallId: 'toolu_1',
    toolName: 'Bash',
    content: 'AssertionError: expected 1 to be 4',
    isError: true,
  },
  { role: 'assistant', content: 'The attempts count is lost in wrapRetry.' },
];
const counter = createTokenCounter();

describe('anthropic-compact against a fake Messages API server', () => {
  it('sends the compaction beta and edit, and takes the compaction block as the compacted context', async () => {
    server = await startFakeServer('anthropic');
    server.enqueue({
      body: {
        id: 'msg_compact',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          {
            type: 'compaction',
            content: 'The retry test fails: attempts is 1, expected 4; cause in wrapRetry.',
          },
        ],
        stop_reason: 'compaction',
        stop_sequence: null,
        context_management: { applied_edits: [{ type: 'compact_20260112' }] },
        usage: { input_tokens: 61_200, output_tokens: 410 },
      },
    });
    const method = createAnthropicCompactMethod('anthropic:claude-sonnet-4-5', {
      apiKey: 'k',
      baseURL: server.baseURL,
    });
    const context = await method.compact(history, { budgetTokens: 8000, counter });
    expect(context.text).toBe(
      '[user]\n[Compaction summary]\nThe retry test fails: attempts is 1, expected 4; cause in wrapRetry.',
    );
    const request = server.requests[0];
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['anthropic-beta']).toBe('compact-2026-01-12');
    expect(request?.headers['x-api-key']).toBe('k');
    const body = request?.body as {
      system?: unknown;
      messages: { role: string; content: unknown }[];
      context_management: unknown;
    };
    expect(body.context_management).toEqual({
      edits: [
        {
          type: 'compact_20260112',
          trigger: { type: 'input_tokens', value: 50_000 },
          pause_after_compaction: true,
        },
      ],
    });
    expect(body.system).toBe('You are a coding agent.');
    expect(body.messages.at(-1)?.role).toBe('user');
    expect(JSON.stringify(body.messages)).toContain('"type":"tool_result"');
    expect(request?.rawBody).not.toContain('anthropic-compact');
  });

  it('fails loudly when the server did not compact (history under the trigger)', async () => {
    server = await startFakeServer('anthropic');
    server.enqueue({
      body: {
        id: 'msg_plain',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'Continuing.' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 3 },
      },
    });
    const method = createAnthropicCompactMethod('anthropic:claude-sonnet-4-5', {
      apiKey: 'k',
      baseURL: server.baseURL,
    });
    await expect(method.compact(history, { budgetTokens: 8000, counter })).rejects.toThrow(
      /anthropic-compact: the server did not compact \(stop_reason end_turn\); the history has \d+ tokens and the trigger is 50000/,
    );
  });

  it('refuses a model spec of another provider', () => {
    expect(() => createAnthropicCompactMethod('openai:gpt-4o-mini')).toThrow(
      'anthropic-compact needs an anthropic:<model> spec',
    );
  });
});
