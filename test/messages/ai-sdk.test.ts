import { modelMessageSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../src/errors.js';
import { fromModelMessages, toModelMessages } from '../../src/messages/ai-sdk.js';
import type { AiSdkModelMessage } from '../../src/messages/ai-sdk-types.js';
import { assignTurns } from '../../src/messages/assign-turns.js';
import type { Message } from '../../src/messages/types.js';
import { conversation, PDF_BASE64, PNG_BASE64 } from './fixtures.js';

describe('toModelMessages', () => {
  it('writes messages the AI SDK itself accepts', () => {
    const output = toModelMessages(conversation);
    for (const message of output) expect(modelMessageSchema.safeParse(message).success).toBe(true);
    expect(output).toEqual([
      { role: 'system', content: 'You are a careful coding agent.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these? <|endoftext|> stays text.' },
          { type: 'image', image: PNG_BASE64, mediaType: 'image/png' },
          { type: 'image', image: 'https://example.com/cat.jpg' },
          { type: 'file', data: PDF_BASE64, mediaType: 'application/pdf', filename: 'spec.pdf' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'src/index.ts' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'run', input: '{"cmd": "ls -la' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'read_file',
            output: { type: 'text', value: 'export {}' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'run',
            output: { type: 'error-text', value: 'unterminated quote' },
          },
        ],
      },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('keeps id and turn in providerOptions.compactkit and image detail for the OpenAI provider', () => {
    const output = toModelMessages([
      {
        id: 'm1',
        turn: 0,
        role: 'user',
        content: '',
        attachments: [{ type: 'image', url: 'https://x.test/a.png', detail: 'high' }],
      },
      { id: 'm2', turn: 0, role: 'tool', content: 'ok', toolCallId: 'c', toolName: 't' },
    ]);
    expect(output).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'image',
            image: 'https://x.test/a.png',
            providerOptions: { openai: { imageDetail: 'high' } },
          },
        ],
        providerOptions: { compactkit: { id: 'm1', turn: 0 } },
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'text', value: 'ok' },
            providerOptions: { compactkit: { id: 'm2', turn: 0 } },
          },
        ],
      },
    ]);
  });

  it('writes tool results with media as content output', () => {
    const output = toModelMessages([
      {
        role: 'tool',
        content: 'see',
        toolCallId: 'c',
        toolName: 'shot',
        attachments: [
          { type: 'image', mediaType: 'image/png', data: PNG_BASE64 },
          { type: 'file', mediaType: 'application/pdf', url: 'https://x.test/a.pdf' },
        ],
      },
    ]);
    expect(output[0]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'shot',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'see' },
              { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
              { type: 'file-url', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' },
            ],
          },
        },
      ],
    });
  });

  it('needs a tool name it can find', () => {
    expect(() => toModelMessages([{ role: 'tool', content: 'x', toolCallId: 'lost' }])).toThrow(
      'messages[0].toolName: AI SDK tool results name their tool; set toolName or include the assistant call lost',
    );
  });

  it('throws for an image on a system message unless placeholders are allowed', () => {
    const messages: Message[] = [
      { role: 'system', content: 'x', attachments: [{ type: 'image', url: 'https://x.test/a.png' }] },
    ];
    expect(() => toModelMessages(messages)).toThrow(
      'messages[0].attachments[0]: AI SDK system messages cannot hold attachments',
    );
    expect(toModelMessages(messages, { onUnsupportedPart: 'placeholder' })).toEqual([
      { role: 'system', content: 'x\n[image: https://x.test/a.png]' },
    ]);
  });
});

describe('fromModelMessages', () => {
  it('round-trips a conversation with tool calls, tool errors, images and files', () => {
    const { messages, warnings } = fromModelMessages(toModelMessages(conversation));
    expect(messages).toEqual(conversation);
    expect(warnings).toEqual([]);
  });

  it('round-trips ids and turns', () => {
    const numbered = assignTurns(conversation).map((message, index) => ({ ...message, id: `m${index}` }));
    expect(fromModelMessages(toModelMessages(numbered)).messages).toEqual(numbered);
  });

  it('reads outputs, binary data, reasoning and approvals', () => {
    const input: AiSdkModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'image', image: new Uint8Array([137, 80, 78, 71]), mediaType: 'image/png' },
          { type: 'image', image: new URL('https://x.test/a.png') },
          { type: 'file', data: `data:application/pdf;base64,${PDF_BASE64}`, mediaType: 'application/pdf' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'let me think' },
          { type: 'text', text: 'checking' },
          { type: 'tool-call', toolCallId: 'j', toolName: 'stat', input: { path: '.' } },
          { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'j' },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: 'ap', approved: true },
          {
            type: 'tool-result',
            toolCallId: 'j',
            toolName: 'stat',
            output: { type: 'json', value: { size: 3 } },
          },
          {
            type: 'tool-result',
            toolCallId: 'k',
            toolName: 'rm',
            output: { type: 'error-json', value: { code: 1 } },
          },
          {
            type: 'tool-result',
            toolCallId: 'l',
            toolName: 'rm',
            output: { type: 'execution-denied', reason: 'no' },
          },
        ],
      },
    ];
    const { messages, warnings } = fromModelMessages(input);
    expect(messages).toEqual([
      {
        role: 'user',
        content: '',
        attachments: [
          { type: 'image', mediaType: 'image/png', data: 'iVBORw==' },
          { type: 'image', url: 'https://x.test/a.png' },
          { type: 'file', mediaType: 'application/pdf', data: PDF_BASE64 },
        ],
      },
      {
        role: 'assistant',
        content: 'checking',
        toolCalls: [{ id: 'j', name: 'stat', arguments: { path: '.' } }],
      },
      { role: 'tool', content: '{"size":3}', toolCallId: 'j', toolName: 'stat' },
      { role: 'tool', content: '{"code":1}', toolCallId: 'k', toolName: 'rm', isError: true },
      { role: 'tool', content: 'no', toolCallId: 'l', toolName: 'rm', isError: true },
    ]);
    expect(warnings.map((warning) => warning.where)).toEqual([
      'messages[1].content[0]',
      'messages[1].content[3]',
      'messages[2].content[0]',
      'messages[2].content[3].output',
    ]);
    expect(warnings[0]?.message).toBe(
      'dropped a reasoning part (12 characters): compactkit messages do not keep it',
    );
  });

  it('rejects provider file ids it cannot carry', () => {
    const input = [
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'content', value: [{ type: 'file-id', fileId: 'file_1' }] },
          },
        ],
      },
    ] as AiSdkModelMessage[];
    try {
      fromModelMessages(input);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).issues).toEqual([
        {
          where: 'messages[0].content[0].output.value[0].type',
          message: 'expected one of text|media|file-data|file-url|image-data|image-url',
        },
      ]);
    }
  });
});
