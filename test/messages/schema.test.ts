import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ValidationError } from '../../src/errors.js';
import {
  type attachmentSchema,
  type messageSchema,
  parseMessages,
  type toolCallSchema,
} from '../../src/messages/schema.js';
import type { Attachment, Message, ToolCall } from '../../src/messages/types.js';
import { conversation } from './fixtures.js';

function issuesOf(run: () => unknown): { where: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('schemas', () => {
  it('infer exactly the types in types.ts', () => {
    const message: Message = {} as z.infer<typeof messageSchema>;
    const back: z.infer<typeof messageSchema> = {} as Message;
    const call: ToolCall = {} as z.infer<typeof toolCallSchema>;
    const attachment: Attachment = {} as z.infer<typeof attachmentSchema>;
    expect([message, back, call, attachment]).toHaveLength(4);
  });

  it('accept a full conversation unchanged', () => {
    expect(parseMessages(conversation)).toEqual(conversation);
  });

  it('drop unknown keys', () => {
    expect(parseMessages([{ role: 'user', content: 'hi', extra: 1 }])).toEqual([
      { role: 'user', content: 'hi' },
    ]);
  });
});

describe('parseMessages', () => {
  it('names the path and the allowed roles', () => {
    expect(() =>
      parseMessages([
        { role: 'user', content: 'a' },
        { role: 'bot', content: 'b' },
      ]),
    ).toThrow('messages[1].role: expected one of system|user|assistant|tool');
  });

  it('prefixes issues with where the value came from', () => {
    const issues = issuesOf(() => parseMessages([{ role: 'bot', content: 'b' }], 'chat.json'));
    expect(issues).toEqual([
      { where: 'chat.json: messages[0].role', message: 'expected one of system|user|assistant|tool' },
    ]);
  });

  it('lists every issue with human wording', () => {
    const issues = issuesOf(() =>
      parseMessages([
        { role: 'user', content: 5, turn: -1 },
        { role: 'user', content: 'x', toolCalls: [], isError: true },
        { role: 'tool', content: 'x' },
        { role: 'assistant', content: 'x', toolCallId: 'c', turn: 1.5 },
        { role: 'assistant', content: 'x', toolCalls: [{ id: 'c', name: 'n' }] },
        {
          role: 'user',
          content: 'x',
          toolName: 'n',
          attachments: [{ type: 'video' }, { type: 'file', data: 'AA==' }, { type: 'image' }],
        },
        'hello',
      ]),
    );
    expect(issues).toEqual([
      { where: 'messages[0].content', message: 'expected string, got number' },
      { where: 'messages[0].turn', message: 'expected a non-negative integer, got -1' },
      {
        where: 'messages[1].toolCalls',
        message: 'only assistant messages may carry toolCalls (this one is user)',
      },
      { where: 'messages[1].isError', message: 'only tool messages may carry isError (this one is user)' },
      {
        where: 'messages[2].toolCallId',
        message: 'is required on tool messages (the id of the call it answers)',
      },
      { where: 'messages[3].turn', message: 'expected a non-negative integer, got 1.5' },
      {
        where: 'messages[3].toolCallId',
        message: 'only tool messages may carry toolCallId (this one is assistant)',
      },
      { where: 'messages[4].toolCalls[0].arguments', message: 'is required' },
      { where: 'messages[5].attachments[0].type', message: 'expected one of image|file' },
      { where: 'messages[5].attachments[1].mediaType', message: 'is required (expected string)' },
      { where: 'messages[5].attachments[2].data', message: 'an attachment needs data (base64) or url' },
      { where: 'messages[5].toolName', message: 'only tool messages may carry toolName (this one is user)' },
      { where: 'messages[6]', message: 'expected object, got string' },
    ]);
  });

  it('summarises the count in the error message', () => {
    expect(() => parseMessages([{ role: 'x', content: 1 }])).toThrow(
      'messages[0].role: expected one of system|user|assistant|tool (and 1 more problem)',
    );
  });

  it('rejects a value that is not an array', () => {
    expect(() => parseMessages({ role: 'user' })).toThrow('messages: expected array, got object');
  });
});
