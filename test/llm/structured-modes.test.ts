import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel } from '../../src/llm/index.js';
import { redactSecrets, sanitizeUrl } from '../../src/llm/redact.js';
import { type FakeServer, openAIReply, startFakeServer } from './fake-servers.js';
import { sentRequest } from './provider-cases.js';

const schema = z.object({ city: z.string(), population: z.number().int() });
const ask = { messages: [{ role: 'user' as const, content: 'Largest city?' }], schema };
let server: FakeServer;
afterEach(async () => {
  await server.close();
});

describe('structured output modes', () => {
  it('reads the JSON tool call of an Anthropic model without native structured output', async () => {
    server = await startFakeServer('anthropic');
    server.enqueue({
      body: {
        id: 'msg_tool',
        type: 'message',
        role: 'assistant',
        model: 'claude-3-haiku-20240307',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'json', input: { city: 'Tokyo', population: 37_000_000 } },
        ],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 30, output_tokens: 12 },
      },
    });
    const model = createLanguageModel('anthropic:claude-3-haiku-20240307', {
      apiKey: 'k',
      baseURL: server.baseURL,
    });
    const completion = await model.complete({ ...ask, maxTokens: 100 });
    expect(completion.object).toEqual({ city: 'Tokyo', population: 37_000_000 });
    expect(sentRequest(server.requests[0]!).structuredMode).toBe('json_tool');
  });

  it('sends json_schema to an OpenAI-compatible server that declares support', async () => {
    server = await startFakeServer('openai');
    server.enqueue(openAIReply('{"city":"Delhi","population":33000000}'));
    const model = createLanguageModel(`openai-compatible:qwen@${server.baseURL}`, {
      supportsStructuredOutputs: true,
    });
    const completion = await model.complete(ask);
    expect(completion.object).toEqual({ city: 'Delhi', population: 33_000_000 });
    const body = server.requests[0]!.body as {
      response_format: { json_schema: { schema: { required: string[] } } };
    };
    expect(sentRequest(server.requests[0]!).structuredMode).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toEqual(['city', 'population']);
    expect(sentRequest(server.requests[0]!).system).toBeUndefined();
  });

  it('uses JSON mode with the schema in the system prompt otherwise, keeping the caller system first', async () => {
    server = await startFakeServer('openai');
    server.enqueue(openAIReply('```json\n{"city":"Shanghai","population":29000000}\n```'));
    const model = createLanguageModel(`openai-compatible:qwen@${server.baseURL}`);
    const completion = await model.complete({ ...ask, system: 'You are a geographer.' });
    expect(completion.object).toEqual({ city: 'Shanghai', population: 29_000_000 });
    const sent = sentRequest(server.requests[0]!);
    expect(sent.structuredMode).toBe('json_object');
    expect(sent.system).toMatch(/^You are a geographer\.\n\nReply with only a JSON value/);
    expect(sent.system).toContain('"population"');
  });
});

describe('redaction helpers', () => {
  it('drops credentials, query and fragment from URLs', () => {
    expect(sanitizeUrl('https://user:pass@gateway.example.com/v1/chat?key=abc&x=1#frag')).toBe(
      'https://gateway.example.com/v1/chat',
    );
    expect(sanitizeUrl('not a url?key=abc')).toBe('not a url');
  });

  it('replaces every occurrence of each secret', () => {
    expect(redactSecrets('a SECRET b SECRET', ['SECRET', undefined, ''])).toBe('a [redacted] b [redacted]');
  });
});
