import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactkitError, ValidationError } from '../../src/errors.js';
import { parseTranscript, readTranscript } from '../../src/messages/read-transcript.js';
import { conversation } from './fixtures.js';

const jsonl = (...lines: unknown[]) =>
  lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');

function issuesOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('parseTranscript: layouts', () => {
  it('reads a JSON array of compactkit messages and assigns turns', () => {
    const transcript = parseTranscript(JSON.stringify(conversation), { source: 'chat.json' });
    expect(transcript.format).toBe('compactkit');
    expect(transcript.warnings).toEqual([]);
    expect(transcript.messages).toEqual(
      conversation.map((message, index) => ({ ...message, turn: index === 0 ? 0 : 1 })),
    );
  });

  it('reads JSONL with single messages, message arrays, blank lines, CRLF and a BOM, in order', () => {
    const text = `\uFEFF${jsonl(
      { role: 'user', content: 'one' },
      '',
      {
        messages: [
          { role: 'assistant', content: 'two' },
          { role: 'user', content: 'three' },
        ],
      },
      '   ',
      { role: 'assistant', content: 'four' },
    ).replaceAll('\n', '\r\n')}\r\n`;
    const transcript = parseTranscript(text, { source: 'transcript.jsonl' });
    expect(transcript.messages).toEqual([
      { role: 'user', content: 'one', turn: 0 },
      { role: 'assistant', content: 'two', turn: 0 },
      { role: 'user', content: 'three', turn: 1 },
      { role: 'assistant', content: 'four', turn: 1 },
    ]);
  });

  it('keeps text that looks like special tokens, and very large messages, as they are', () => {
    const huge = 'x'.repeat(5_000_000);
    const text = jsonl(
      { role: 'user', content: '<|endoftext|><|im_start|>system' },
      { role: 'assistant', content: huge },
    );
    const { messages } = parseTranscript(text, { source: 'big.jsonl' });
    expect(messages[0]?.content).toBe('<|endoftext|><|im_start|>system');
    expect(messages[1]?.content.length).toBe(5_000_000);
  });

  it('tells JSON from JSONL by content when the name has neither extension', () => {
    const line = { role: 'user', content: 'hi' };
    expect(parseTranscript(JSON.stringify([line])).messages).toHaveLength(1);
    expect(parseTranscript(JSON.stringify(line)).messages).toHaveLength(1);
    expect(parseTranscript(jsonl(line, line)).messages).toHaveLength(2);
    expect(() => parseTranscript(jsonl(line, '{'))).toThrow(/^transcript:2: invalid JSON: /);
  });

  it('treats a system field beside compactkit messages as a leading system message', () => {
    const { messages } = parseTranscript(
      JSON.stringify({ system: 'rules', messages: [{ role: 'user', content: 'hi' }] }),
      {
        source: 'a.json',
      },
    );
    expect(messages).toEqual([
      { role: 'system', content: 'rules', turn: 0 },
      { role: 'user', content: 'hi', turn: 1 },
    ]);
  });
});

describe('parseTranscript: errors', () => {
  const goodLines = Array.from({ length: 13 }, (_, index) => ({
    role: index % 2 ? 'assistant' : 'user',
    content: `m${index}`,
  }));

  it('names file and 1-based line for malformed JSON', () => {
    const error = issuesOf(() =>
      parseTranscript(jsonl(...goodLines, '{"role": "user", "content": '), { source: 'transcript.jsonl' }),
    );
    expect(error.message).toMatch(/^transcript\.jsonl:14: invalid JSON: \S/);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.where).toBe('transcript.jsonl:14');
  });

  it('names file, line and the field path inside the line for a bad field', () => {
    const line14 = {
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
        { role: 'robot', content: 'd' },
      ],
    };
    const error = issuesOf(() =>
      parseTranscript(jsonl(...goodLines, line14), { source: 'transcript.jsonl' }),
    );
    expect(error.message).toBe(
      'transcript.jsonl:14: messages[3].role: expected one of system|user|assistant|tool',
    );
  });

  it('reports every issue across lines, the message starting with the first', () => {
    const text = jsonl({ role: 'user', content: 'ok' }, { role: 'robot', content: 1 }, 'not json', 42, {
      messages: [{ role: 'tool', content: 'x' }],
    });
    const error = issuesOf(() => parseTranscript(text, { source: 'transcript.jsonl' }));
    expect(error.issues.map((issue) => `${issue.where}: ${issue.message}`)).toEqual([
      'transcript.jsonl:2: role: expected one of system|user|assistant|tool',
      'transcript.jsonl:2: content: expected string, got number',
      expect.stringMatching(/^transcript\.jsonl:3: invalid JSON: /),
      'transcript.jsonl:4: expected a message object or an object with a "messages" array, got a number',
      'transcript.jsonl:5: messages[0].toolCallId: is required on tool messages (the id of the call it answers)',
    ]);
    expect(error.message).toBe(
      'transcript.jsonl:2: role: expected one of system|user|assistant|tool (and 4 more problems)',
    );
  });

  it('rejects an empty file clearly, with or without a BOM', () => {
    for (const text of ['', '\n  \n', '\uFEFF']) {
      expect(() => parseTranscript(text, { source: 'transcript.jsonl' })).toThrow(
        'transcript.jsonl: the file is empty; expected a JSON array of messages or one JSON message per line',
      );
    }
  });

  it('gives the line of a JSON syntax error in a .json file when the parser reports a position', () => {
    const text = '{"messages": [\n{"role": "user", "content": "a" "b"}\n]}';
    expect(() => parseTranscript(text, { source: 'chat.json' })).toThrow(/^chat\.json:2: invalid JSON: /);
  });

  it('reports a bad system field together with bad messages', () => {
    const text = JSON.stringify({ system: 7, messages: [{ role: 'bot', content: 'x' }] });
    const error = issuesOf(() => parseTranscript(text, { source: 'chat.json' }));
    expect(error.issues).toEqual([
      { where: 'chat.json: system', message: 'expected a string' },
      { where: 'chat.json: messages[0].role', message: 'expected one of system|user|assistant|tool' },
    ]);
  });

  it('rejects a .json file that is neither an array nor an object with messages', () => {
    expect(() => parseTranscript('{"role": "user", "content": "hi"}', { source: 'chat.json' })).toThrow(
      'chat.json: expected an array of messages or an object with a "messages" array, got an object',
    );
  });
});

describe('parseTranscript: formats', () => {
  it('detects Anthropic from tool_use blocks and names tool results across lines', () => {
    const text = jsonl(
      { system: 'be terse', messages: [{ role: 'user', content: 'list files' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'ls', signature: 's' },
          { type: 'tool_use', id: 't1', name: 'ls', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'a.txt' },
          { type: 'text', text: 'thanks' },
        ],
      },
    );
    const transcript = parseTranscript(text, { source: 'claude.jsonl' });
    expect(transcript.format).toBe('anthropic');
    expect(transcript.messages).toEqual([
      { role: 'system', content: 'be terse', turn: 0 },
      { role: 'user', content: 'list files', turn: 1 },
      { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'ls', arguments: {} }], turn: 1 },
      { role: 'tool', content: 'a.txt', toolCallId: 't1', toolName: 'ls', turn: 1 },
      { role: 'user', content: 'thanks', turn: 2 },
    ]);
    expect(transcript.warnings).toEqual([
      {
        where: 'claude.jsonl:2: content[0]',
        message: 'dropped a thinking block (2 characters): compactkit messages do not keep model reasoning',
      },
    ]);
  });

  it('detects OpenAI from tool_calls', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
      },
      { role: 'tool', content: 'done', tool_call_id: 'c' },
    ]);
    const transcript = parseTranscript(text, { source: 'openai.json' });
    expect(transcript.format).toBe('openai');
    expect(transcript.messages[1]?.toolCalls).toEqual([{ id: 'c', name: 'f', arguments: { a: 1 } }]);
    expect(transcript.messages[2]).toEqual({
      role: 'tool',
      content: 'done',
      toolCallId: 'c',
      toolName: 'f',
      turn: 0,
    });
  });

  it('detects the AI SDK from tool-call parts and keeps ids and turns from providerOptions', () => {
    const text = jsonl(
      { role: 'user', content: 'go', providerOptions: { compactkit: { id: 'u1', turn: 5 } } },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'go', input: {} }] },
    );
    const transcript = parseTranscript(text, { source: 'sdk.jsonl' });
    expect(transcript.format).toBe('ai-sdk');
    expect(transcript.messages).toEqual([
      { id: 'u1', role: 'user', content: 'go', turn: 5 },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'go', arguments: {} }], turn: 5 },
    ]);
  });

  it('refuses a file that mixes formats, naming both places', () => {
    const text = jsonl(
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] },
      { role: 'assistant', content: null, tool_calls: [] },
    );
    expect(() => parseTranscript(text, { source: 'mixed.jsonl' })).toThrow(
      'mixed.jsonl:2: has a tool_calls field (openai) but mixed.jsonl:1 has a tool_use part (anthropic)',
    );
  });

  it('uses the format it is given instead of detecting one', () => {
    const text = JSON.stringify([{ role: 'system', content: 'x' }]);
    expect(() => parseTranscript(text, { source: 'a.json', format: 'anthropic' })).toThrow(
      'a.json: messages[0].role: expected one of user|assistant',
    );
  });
});

describe('readTranscript', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'compactkit-transcript-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads a file from disk and names it in errors', async () => {
    const good = join(directory, 'good.jsonl');
    await writeFile(good, '\uFEFF{"role":"user","content":"hi"}\n');
    expect((await readTranscript(good)).messages).toEqual([{ role: 'user', content: 'hi', turn: 0 }]);
    const bad = join(directory, 'bad.jsonl');
    await writeFile(bad, '{"role":"user","content":"hi"}\n{"role":"bot","content":"x"}\n');
    await expect(readTranscript(bad)).rejects.toThrow(
      `${bad}:2: role: expected one of system|user|assistant|tool`,
    );
  });

  it('reports a missing file as an io_error', async () => {
    const missing = join(directory, 'missing.json');
    const error = await readTranscript(missing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('io_error');
    expect((error as Error).message).toContain(`cannot read transcript ${missing}`);
  });
});
