import { encodeChat } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/messages/types.js';
import {
  countTextTokens,
  createTokenCounter,
  estimateAttachmentTokens,
  MESSAGE_OVERHEAD_TOKENS,
  REPLY_PRIMING_TOKENS,
} from '../../src/tokens/index.js';

function history(length: number): Message[] {
  return Array.from({ length }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `Message number ${index}: please look at src/file-${index}.ts and tell me what it does.`,
  }));
}

describe('createTokenCounter', () => {
  it('counts with cl100k_base unless told otherwise', () => {
    expect(createTokenCounter().encoding).toBe('cl100k_base');
    const o200k = createTokenCounter({ encoding: 'o200k_base' });
    expect(o200k.encoding).toBe('o200k_base');
    expect(o200k.countText('お誕生日おめでとう')).toBe(countTextTokens('お誕生日おめでとう', 'o200k_base'));
    expect(createTokenCounter().countText('hello world')).toBe(2);
  });

  it('counts a message as overhead + role + content', () => {
    const counter = createTokenCounter();
    const message: Message = { role: 'assistant', content: 'hello world' };
    expect(MESSAGE_OVERHEAD_TOKENS).toBe(3);
    expect(counter.countMessage(message)).toBe(3 + 1 + 2);
  });

  it("matches gpt-tokenizer's chat encoding for plain conversations", () => {
    const conversation: Message[] = [
      { role: 'system', content: 'You are a careful assistant. <|endoftext|> is just text here.' },
      { role: 'user', content: 'Summarise:\r\nline one\r\nline two 🚀' },
      { role: 'assistant', content: 'Two lines; the second has a rocket.' },
    ];
    const expected = encodeChat(
      conversation.map(({ role, content }) => ({ role: role as 'system' | 'user' | 'assistant', content })),
      'gpt-4',
      { disallowedSpecial: new Set() },
    ).length;
    expect(createTokenCounter().countMessages(conversation)).toBe(expected);
  });

  it('adds reply priming once, and counts an empty list as 0', () => {
    const counter = createTokenCounter();
    const messages = history(3);
    const sum = messages.reduce((total, message) => total + counter.countMessage(message), 0);
    expect(counter.countMessages(messages)).toBe(sum + REPLY_PRIMING_TOKENS);
    expect(counter.countMessages([])).toBe(0);
  });

  it('counts tool calls as name plus JSON arguments, and string arguments as given', () => {
    const counter = createTokenCounter();
    const base: Message = { role: 'assistant', content: 'Reading the file.' };
    const objectArguments = { path: 'src/index.ts', lines: [1, 20] };
    const rawArguments = '{"path": "src/index.ts", "lines": [1, 20]}';
    const withObject: Message = {
      ...base,
      toolCalls: [{ id: 'call_1', name: 'read_file', arguments: objectArguments }],
    };
    const withString: Message = {
      ...base,
      toolCalls: [{ id: 'call_1', name: 'read_file', arguments: rawArguments }],
    };
    const withoutArguments: Message = {
      ...base,
      toolCalls: [{ id: 'call_1', name: 'list', arguments: undefined }],
    };
    const baseTokens = counter.countMessage(base);
    expect(counter.countMessage(withObject)).toBe(
      baseTokens + countTextTokens('read_file') + countTextTokens(JSON.stringify(objectArguments)),
    );
    expect(counter.countMessage(withString)).toBe(
      baseTokens + countTextTokens('read_file') + countTextTokens(rawArguments),
    );
    expect(counter.countMessage(withoutArguments)).toBe(baseTokens + countTextTokens('list'));
  });

  it('counts toolCallId and toolName of tool results', () => {
    const counter = createTokenCounter();
    const result: Message = {
      role: 'tool',
      content: 'file contents',
      toolCallId: 'call_abc123',
      toolName: 'read_file',
    };
    expect(counter.countMessage(result)).toBe(
      MESSAGE_OVERHEAD_TOKENS +
        countTextTokens('tool') +
        countTextTokens('file contents') +
        countTextTokens('call_abc123') +
        countTextTokens('read_file'),
    );
  });

  it('adds the estimate of each attachment', () => {
    const counter = createTokenCounter();
    const text: Message = { role: 'user', content: 'What is in these?' };
    const withAttachments: Message = {
      ...text,
      attachments: [
        { type: 'image', url: 'https://example.com/a.png', width: 1024, height: 1024 },
        { type: 'file', mediaType: 'text/plain', data: Buffer.from('hello world').toString('base64') },
      ],
    };
    expect(counter.countMessage(withAttachments)).toBe(counter.countMessage(text) + 765 + 2);
    const attachments = withAttachments.attachments ?? [];
    expect(estimateAttachmentTokens(attachments[0]!)).toBe(765);
  });

  describe('memoisation', () => {
    it('tokenises only the new message when a history grows by one', () => {
      const counter = createTokenCounter();
      const messages = history(200);
      const first = counter.countMessages(messages);
      expect(counter.stats).toEqual({ messagesTokenized: 200, cacheHits: 0 });
      messages.push({ role: 'user', content: 'And one more question.' });
      const second = counter.countMessages(messages);
      expect(counter.stats).toEqual({ messagesTokenized: 201, cacheHits: 200 });
      expect(second).toBe(first + counter.countMessage(messages[200]!));
    });

    it('recounts a message whose content was changed in place', () => {
      const counter = createTokenCounter();
      const messages = history(10);
      counter.countMessages(messages);
      const message = messages[4]!;
      message.content = `${message.content} Now with a much longer ending that adds a good number of tokens.`;
      const recounted = counter.countMessage(message);
      expect(counter.stats.messagesTokenized).toBe(11);
      expect(recounted).toBe(createTokenCounter().countMessage({ ...message }));
    });

    it('recounts when tool calls or attachments are replaced or pushed onto', () => {
      const counter = createTokenCounter();
      const message: Message = { role: 'assistant', content: 'Working.', toolCalls: [] };
      const plain = counter.countMessage(message);
      message.toolCalls?.push({ id: 'call_1', name: 'run', arguments: { command: 'npm test' } });
      const withCall = counter.countMessage(message);
      expect(withCall).toBeGreaterThan(plain);
      message.attachments = [{ type: 'image', detail: 'low' }];
      expect(counter.countMessage(message)).toBe(withCall + 85);
      message.role = 'user';
      counter.countMessage(message);
      expect(counter.stats).toEqual({ messagesTokenized: 4, cacheHits: 0 });
    });

    it('finds an equal message in a fresh object by its content', () => {
      const counter = createTokenCounter();
      const messages: Message[] = [
        ...history(5),
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', name: 'grep', arguments: { pattern: 'x' } }],
        },
        { role: 'tool', content: 'no match', toolCallId: 'c', toolName: 'grep' },
      ];
      const total = counter.countMessages(messages);
      const reparsed = JSON.parse(JSON.stringify(messages)) as Message[];
      expect(counter.countMessages(reparsed)).toBe(total);
      expect(counter.stats).toEqual({ messagesTokenized: 7, cacheHits: 7 });
    });

    it('does not confuse messages whose fields only differ in where the text is split', () => {
      const counter = createTokenCounter();
      const first: Message = { role: 'tool', content: 'ab', toolName: 'c' };
      const second: Message = { role: 'tool', content: 'a', toolName: 'bc' };
      counter.countMessage(first);
      counter.countMessage(second);
      expect(counter.stats.messagesTokenized).toBe(2);
    });

    it('keeps caches apart per counter and hands out stats snapshots', () => {
      const cl100k = createTokenCounter();
      const o200k = createTokenCounter({ encoding: 'o200k_base' });
      const message: Message = { role: 'user', content: 'お誕生日おめでとう' };
      expect(cl100k.countMessage(message)).toBe(3 + 1 + 9);
      expect(o200k.countMessage(message)).toBe(3 + 1 + 8);
      const stats = cl100k.stats;
      stats.messagesTokenized = 99;
      expect(cl100k.stats.messagesTokenized).toBe(1);
    });
  });
});
