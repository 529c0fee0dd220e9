import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalJson,
  createMockLanguageModel,
  parseStructuredReply,
  StructuredOutputError,
} from '../../src/llm/index.js';

const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

describe('createMockLanguageModel', () => {
  it('answers every call with one reply and keeps the requests', async () => {
    const model = createMockLanguageModel({ reply: 'same' });
    expect((await model.complete(ask('a'))).text).toBe('same');
    expect((await model.complete(ask('b'))).text).toBe('same');
    expect(model.calls.map((call) => call.messages[0]!.content)).toEqual(['a', 'b']);
    expect(model.id).toBe('mock:model');
  });

  it('answers one reply per call from an array, and says so when they run out', async () => {
    const model = createMockLanguageModel({
      id: 'mock:scripted',
      reply: ['one', { text: 'two', usage: { inputTokens: 3, outputTokens: 1 }, finishReason: 'length' }],
    });
    expect((await model.complete(ask('a'))).text).toBe('one');
    expect(await model.complete(ask('b'))).toMatchObject({
      text: 'two',
      usage: { inputTokens: 3 },
      finishReason: 'length',
    });
    await expect(model.complete(ask('c'))).rejects.toThrow(/call 3 but only 2 replies/);
  });

  it('calls a function with the request and call index', async () => {
    const model = createMockLanguageModel({
      reply: (request, index) => `${index}:${request.messages[0]!.content}`,
    });
    expect((await model.complete(ask('x'))).text).toBe('0:x');
    expect((await model.complete(ask('y'))).text).toBe('1:y');
  });

  it('parses and validates structured replies', async () => {
    const schema = z.object({ n: z.number() });
    const model = createMockLanguageModel({ reply: ['{"n": 1}', '{"n": "one"}'] });
    expect((await model.complete({ ...ask('a'), schema })).object).toEqual({ n: 1 });
    const error = await model.complete({ ...ask('b'), schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({ rawText: '{"n": "one"}' });
    const given = createMockLanguageModel({ reply: { text: 'ignored', object: { n: 7 } } });
    expect((await given.complete({ ...ask('c'), schema })).object).toEqual({ n: 7 });
  });

  it('honours an aborted signal', async () => {
    const model = createMockLanguageModel({ reply: 'x' });
    await expect(model.complete({ ...ask('a'), signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('parseStructuredReply', () => {
  const schema = z.object({ a: z.number().default(1), b: z.string() });

  it('accepts a fenced reply and applies defaults', () => {
    expect(parseStructuredReply('```json\n{"b": "x"}\n```', schema)).toEqual({
      success: true,
      value: { a: 1, b: 'x' },
    });
  });

  it('explains JSON syntax errors and schema issues', () => {
    const syntax = parseStructuredReply('{"b": ', schema);
    expect(syntax.success).toBe(false);
    expect(!syntax.success && syntax.message).toMatch(/not valid JSON/);
    const mismatch = parseStructuredReply('{"a": "1"}', schema);
    expect(!mismatch.success && mismatch.message).toMatch(/does not match the schema[\s\S]*a[\s\S]*b/);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"z":1}]},"b":1}',
    );
  });
});
