import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { fromOpenAIMessages, toOpenAIMessages } from '../../src/messages/openai.js';
import type { OpenAIMessage } from '../../src/messages/openai-types.js';
import type { Message } from '../../src/messages/types.js';
import { conversation, PDF_BASE64, PNG_BASE64 } from './fixtures.js';

describe('toOpenAIMessages', () => {
  it('writes the wire format the API expects', () => {
    const wire = toOpenAIMessages(conversation);
    expect(wire).toEqual([
      { role: 'system', content: 'You are a careful coding agent.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these? <|endoftext|> stays text.' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
          {
            type: 'file',
            file: { file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'spec.pdf' },
          },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"src/index.ts"}' },
          },
          { id: 'call_2', type: 'function', function: { name: 'run', arguments: '{"cmd": "ls -la' } },
        ],
      },
      { role: 'tool', content: 'export {}', tool_call_id: 'call_1' },
      { role: 'tool', content: 'unterminated quote', tool_call_id: 'call_2' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('sends null content beside tool calls when there is no text', () => {
    const wire = toOpenAIMessages([
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'n', arguments: {} }] },
    ]);
    expect(wire[0]).toMatchObject({ role: 'assistant', content: null });
  });

  it('throws naming message and part for an image in a tool message', () => {
    const messages: Message[] = [
      {
        role: 'tool',
        content: 'shot',
        toolCallId: 'c',
        attachments: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
      },
    ];
    expect(() => toOpenAIMessages(messages)).toThrow(ValidationError);
    expect(() => toOpenAIMessages(messages)).toThrow(
      "messages[0].attachments[0]: OpenAI tool messages cannot hold an image; pass { onUnsupportedPart: 'placeholder' }",
    );
  });

  it('degrades unsupported parts to placeholders when asked', () => {
    const data = 'A'.repeat(12345);
    const messages: Message[] = [
      {
        role: 'tool',
        content: 'shot',
        toolCallId: 'c',
        attachments: [{ type: 'image', mediaType: 'image/png', data }],
      },
      {
        role: 'user',
        content: '',
        attachments: [{ type: 'file', mediaType: 'application/pdf', url: 'https://x.test/a.pdf' }],
      },
    ];
    expect(toOpenAIMessages(messages, { onUnsupportedPart: 'placeholder' })).toEqual([
      { role: 'tool', content: 'shot\n[image: image/png, 12345 bytes base64]', tool_call_id: 'c' },
      { role: 'user', content: [{ type: 'text', text: '[file: application/pdf, https://x.test/a.pdf]' }] },
    ]);
  });

  it('lists every unsupported part in one error', () => {
    const messages: Message[] = [
      { role: 'system', content: 's', attachments: [{ type: 'image', url: 'https://x.test/a.png' }] },
      { role: 'user', content: 'u', attachments: [{ type: 'image', data: 'not-an-image' }] },
    ];
    try {
      toOpenAIMessages(messages);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.where)).toEqual([
        'messages[0].attachments[0]',
        'messages[1].attachments[0]',
      ]);
    }
  });

  it('rejects invalid compactkit messages before converting', () => {
    expect(() => toOpenAIMessages([{ role: 'user', content: 'x', toolCalls: [] }])).toThrow(
      'messages[0].toolCalls: only assistant messages may carry toolCalls (this one is user)',
    );
  });
});

describe('fromOpenAIMessages', () => {
  it('round-trips a conversation with tool calls, images and files', () => {
    const { messages, warnings } = fromOpenAIMessages(toOpenAIMessages(conversation));
    // OpenAI has no field for isError, so that flag is the one thing that does not come back.
    const { isError: _, ...failedTool } = conversation[4]!;
    expect(messages).toEqual([...conversation.slice(0, 4), failedTool, conversation[5]]);
    expect(warnings).toEqual([]);
  });

  it('reads every content shape', () => {
    const wire: OpenAIMessage[] = [
      { role: 'developer', content: [{ type: 'text', text: 'be brief' }] },
      {
        role: 'user',
        name: 'alice',
        content: [
          { type: 'text', text: 'one' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
          { type: 'text', text: 'two' },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          { type: 'file', file: { file_data: PDF_BASE64 } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'grep', arguments: 'not json' } }],
      },
      { role: 'tool', content: [{ type: 'text', text: 'no matches' }], tool_call_id: 'c1' },
      { role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot.' }] },
    ];
    const { messages, warnings } = fromOpenAIMessages(wire);
    expect(messages).toEqual([
      { role: 'system', content: 'be brief' },
      {
        role: 'user',
        content: 'one\ntwo',
        attachments: [
          { type: 'image', url: 'https://example.com/a.png', detail: 'low' },
          { type: 'file', mediaType: 'audio/wav', data: 'UklGRg==' },
          { type: 'file', mediaType: 'application/octet-stream', data: PDF_BASE64 },
        ],
      },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'grep', arguments: 'not json' }] },
      { role: 'tool', content: 'no matches', toolCallId: 'c1', toolName: 'grep' },
      { role: 'assistant', content: 'I cannot.' },
    ]);
    expect(warnings).toEqual([
      {
        where: 'messages[1].name',
        message: 'participant name "alice" was dropped: compactkit messages have no name field',
      },
      { where: 'messages[4].content[0]', message: 'a refusal part was kept as plain text' },
    ]);
  });

  it('keeps arguments that are not valid JSON as the raw string, and quotes JSON-looking strings on the way out', () => {
    const messages: Message[] = [
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'x', arguments: '{"broken": ' },
          { id: 'b', name: 'x', arguments: '123' },
          { id: 'c', name: 'x', arguments: [1, 'two'] },
        ],
      },
    ];
    const wire = toOpenAIMessages(messages);
    expect(wire[0]).toMatchObject({
      tool_calls: [
        { function: { arguments: '{"broken": ' } },
        { function: { arguments: '"123"' } },
        { function: { arguments: '[1,"two"]' } },
      ],
    });
    expect(fromOpenAIMessages(wire).messages).toEqual(messages);
  });

  it('reads a tool message name as toolName', () => {
    const { messages } = fromOpenAIMessages([
      { role: 'tool', content: 'ok', tool_call_id: 'c', name: 'deploy' },
    ]);
    expect(messages).toEqual([{ role: 'tool', content: 'ok', toolCallId: 'c', toolName: 'deploy' }]);
  });

  it('rejects shapes it cannot read, with the path and the accepted values', () => {
    const bad = [
      { role: 'function', content: 'x' },
      { role: 'user', content: [{ type: 'video', url: 'x' }] },
      { role: 'assistant', content: 'x', function_call: { name: 'f', arguments: '{}' } },
      { role: 'tool', content: 'x' },
    ] as unknown as OpenAIMessage[];
    try {
      fromOpenAIMessages(bad);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).issues).toEqual([
        { where: 'messages[0].role', message: 'expected one of system|developer|user|assistant|tool' },
        { where: 'messages[1].content[0].type', message: 'expected one of text|image_url|input_audio|file' },
        {
          where: 'messages[2].function_call',
          message: 'the deprecated function_call is not supported; use tool_calls',
        },
        { where: 'messages[3].tool_call_id', message: 'is required (expected string)' },
      ]);
    }
  });
});
