import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromModelMessages, toModelMessages } from '../../src/messages/ai-sdk.js';
import { fromAnthropicMessages, toAnthropicMessages } from '../../src/messages/anthropic.js';
import { fromOpenAIMessages, toOpenAIMessages } from '../../src/messages/openai.js';
import type { Message } from '../../src/messages/types.js';
import { PDF_BASE64, PNG_BASE64 } from './fixtures.js';

// JSON cannot tell -0 from 0, so generated arguments avoid it.
const argumentsValue = fc.oneof(
  fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value))),
  fc.string(),
);

const attachment = fc.constantFrom<NonNullable<Message['attachments']>[number]>(
  { type: 'image', mediaType: 'image/png', data: PNG_BASE64 },
  { type: 'image', url: 'https://example.com/a.png' },
  { type: 'file', mediaType: 'application/pdf', data: PDF_BASE64, filename: 'a.pdf' },
);

/** One exchange: a user message, an assistant message with calls, and one tool message per call. */
const exchange = fc.record({
  request: fc.string({ minLength: 1 }),
  attachments: fc.array(attachment, { maxLength: 2 }),
  reply: fc.string(),
  calls: fc.uniqueArray(fc.record({ name: fc.string({ minLength: 1 }), arguments: argumentsValue }), {
    maxLength: 3,
  }),
  outputs: fc.array(fc.string({ minLength: 1 }), { minLength: 3, maxLength: 3 }),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

function build(exchanges: Exchange[]): Message[] {
  const messages: Message[] = [{ role: 'system', content: 'rules' }];
  exchanges.forEach((part, index) => {
    const user: Message = { role: 'user', content: part.request };
    if (part.attachments.length > 0) user.attachments = part.attachments;
    messages.push(user);
    const toolCalls = part.calls.map((call, callIndex) => ({ id: `c${index}_${callIndex}`, ...call }));
    messages.push(
      toolCalls.length > 0
        ? { role: 'assistant', content: part.reply, toolCalls }
        : { role: 'assistant', content: part.reply || 'ok' },
    );
    toolCalls.forEach((call, callIndex) => {
      messages.push({
        role: 'tool',
        content: part.outputs[callIndex] ?? 'out',
        toolCallId: call.id,
        toolName: call.name,
      });
    });
  });
  return messages;
}

const conversations = fc.array(exchange, { minLength: 1, maxLength: 4 }).map(build);

describe('round trips keep every message the format can hold', () => {
  it('OpenAI', () => {
    fc.assert(
      fc.property(conversations, (messages) => {
        expect(fromOpenAIMessages(toOpenAIMessages(messages)).messages).toEqual(messages);
      }),
    );
  });

  it('Anthropic', () => {
    fc.assert(
      fc.property(conversations, (messages) => {
        const { system, messages: wire } = toAnthropicMessages(messages);
        expect(fromAnthropicMessages(wire, { system }).messages).toEqual(messages);
      }),
    );
  });

  it('AI SDK', () => {
    fc.assert(
      fc.property(conversations, (messages) => {
        expect(fromModelMessages(toModelMessages(messages)).messages).toEqual(messages);
      }),
    );
  });
});
