import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../src/errors.js';
import { fromAnthropicMessages, toAnthropicMessages } from '../../src/messages/anthropic.js';
import type { AnthropicMessage } from '../../src/messages/anthropic-types.js';
import type { Message } from '../../src/messages/types.js';
import { conversation, PDF_BASE64, PNG_BASE64 } from './fixtures.js';

describe('toAnthropicMessages', () => {
  it('writes the system prompt beside the messages and tool results as user blocks', () => {
    expect(toAnthropicMessages(conversation)).toEqual({
      system: 'You are a careful coding agent.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these? <|endoftext|> stays text.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
              title: 'spec.pdf',
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me look.' },
            { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'src/index.ts' } },
            { type: 'tool_use', id: 'call_2', name: 'run', input: '{"cmd": "ls -la' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: 'export {}' },
            { type: 'tool_result', tool_use_id: 'call_2', content: 'unterminated quote', is_error: true },
          ],
        },
        { role: 'assistant', content: 'Done.' },
      ],
    });
  });

  it('turns a later system message into prefixed user text', () => {
    const messages: Message[] = [
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'Budget is low.' },
    ];
    expect(toAnthropicMessages(messages)).toEqual({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'user', content: '[system] Budget is low.' },
      ],
    });
  });

  it('puts a user message that follows tool results into the same user message', () => {
    const messages: Message[] = [
      { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'ls', arguments: {} }] },
      { role: 'tool', content: 'a.txt', toolCallId: 't1' },
      { role: 'user', content: 'now delete it' },
    ];
    expect(toAnthropicMessages(messages).messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'a.txt' },
          { type: 'text', text: 'now delete it' },
        ],
      },
    ]);
  });

  it('throws for an audio file, or writes a placeholder when asked', () => {
    const messages: Message[] = [
      {
        role: 'user',
        content: 'listen',
        attachments: [{ type: 'file', mediaType: 'audio/wav', data: 'UklGRg==' }],
      },
    ];
    expect(() => toAnthropicMessages(messages)).toThrow(
      'messages[0].attachments[0]: Anthropic documents must be PDF or inline plain text, not audio/wav',
    );
    expect(toAnthropicMessages(messages, { onUnsupportedPart: 'placeholder' }).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'listen' },
          { type: 'text', text: '[file: audio/wav, 8 bytes base64]' },
        ],
      },
    ]);
  });
});

describe('fromAnthropicMessages', () => {
  it('round-trips a conversation with tool calls, tool errors, images and files', () => {
    const { system, messages: wire } = toAnthropicMessages(conversation);
    const { messages, warnings } = fromAnthropicMessages(wire, { system });
    expect(messages).toEqual(conversation);
    expect(warnings).toEqual([]);
  });

  it('splits tool results and text of one user message: tool messages first, then the text as a user message', () => {
    const wire: AnthropicMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: 'screenshot', input: {} },
          { type: 'tool_use', id: 'b', name: 'read', input: { path: 'x' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'also, hurry' },
          {
            type: 'tool_result',
            tool_use_id: 'a',
            content: [
              { type: 'text', text: 'captured' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            ],
          },
          { type: 'tool_result', tool_use_id: 'b', content: 'ENOENT', is_error: true },
          {
            type: 'document',
            source: { type: 'text', media_type: 'text/plain', data: 'notes ✓' },
            title: 'notes',
          },
        ],
      },
    ];
    const { messages } = fromAnthropicMessages(wire);
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'screenshot', arguments: {} },
          { id: 'b', name: 'read', arguments: { path: 'x' } },
        ],
      },
      {
        role: 'tool',
        content: 'captured',
        toolCallId: 'a',
        toolName: 'screenshot',
        attachments: [{ type: 'image', mediaType: 'image/png', data: PNG_BASE64 }],
      },
      { role: 'tool', content: 'ENOENT', toolCallId: 'b', toolName: 'read', isError: true },
      {
        role: 'user',
        content: 'also, hurry',
        attachments: [
          {
            type: 'file',
            mediaType: 'text/plain',
            data: Buffer.from('notes ✓').toString('base64'),
            filename: 'notes',
          },
        ],
      },
    ]);
    // Back to the wire: the results and the text share one user message again, results first.
    expect(toAnthropicMessages(messages).messages[1]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'a',
          content: [
            { type: 'text', text: 'captured' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          ],
        },
        { type: 'tool_result', tool_use_id: 'b', content: 'ENOENT', is_error: true },
        { type: 'text', text: 'also, hurry' },
        {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: 'notes ✓' },
          title: 'notes',
        },
      ],
    });
  });

  it('drops thinking blocks with a warning for each', () => {
    const wire: AnthropicMessage[] = [
      { role: 'user', content: 'think' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'text', text: 'answer' },
        ],
      },
    ];
    const { messages, warnings } = fromAnthropicMessages(wire);
    expect(messages).toEqual([
      { role: 'user', content: 'think' },
      { role: 'assistant', content: 'answer' },
    ]);
    expect(warnings).toEqual([
      {
        where: 'messages[1].content[0]',
        message: 'dropped a thinking block (3 characters): compactkit messages do not keep model reasoning',
      },
      {
        where: 'messages[1].content[1]',
        message:
          'dropped a redacted_thinking block (encrypted): compactkit messages do not keep model reasoning',
      },
    ]);
  });

  it('reads a system prompt given as text blocks and keeps URL documents', () => {
    const { messages } = fromAnthropicMessages(
      [
        {
          role: 'user',
          content: [{ type: 'document', source: { type: 'url', url: 'https://x.test/a.pdf' } }],
        },
      ],
      {
        system: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
    );
    expect(messages).toEqual([
      { role: 'system', content: 'one\ntwo' },
      {
        role: 'user',
        content: '',
        attachments: [{ type: 'file', mediaType: 'application/pdf', url: 'https://x.test/a.pdf' }],
      },
    ]);
  });

  it('rejects blocks in the wrong role and unknown block types', () => {
    const bad = [
      { role: 'user', content: [{ type: 'tool_use', id: 'x', name: 'y', input: {} }] },
      { role: 'assistant', content: [{ type: 'server_tool_use', id: 'x' }] },
      { role: 'system', content: 'x' },
    ] as unknown as AnthropicMessage[];
    try {
      fromAnthropicMessages(bad);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).issues).toEqual([
        {
          where: 'messages[0].content[0].type',
          message:
            'user messages cannot carry tool_use blocks (expected one of text|image|document|tool_result)',
        },
        {
          where: 'messages[1].content[0].type',
          message: 'expected one of text|image|document|tool_use|tool_result|thinking|redacted_thinking',
        },
        { where: 'messages[2].role', message: 'expected one of user|assistant' },
      ]);
    }
  });
});
