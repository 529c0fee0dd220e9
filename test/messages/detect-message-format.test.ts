import { describe, expect, it } from 'vitest';
import { detectMessageFormat } from '../../src/messages/detect-message-format.js';

describe('detectMessageFormat', () => {
  it.each([
    ['anthropic', [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] }]],
    ['anthropic', [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'u' } }] }]],
    ['openai', [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'u' } }] }]],
    ['openai', [{ role: 'developer', content: 'x' }]],
    ['openai', [{ role: 'user', content: 'x', name: 'bob' }]],
    [
      'ai-sdk',
      [{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'b', output: {} }] }],
    ],
    ['ai-sdk', [{ role: 'user', content: [{ type: 'image', image: 'https://x.test/a.png' }] }]],
    ['compactkit', [{ role: 'assistant', content: '', toolCalls: [] }]],
    [
      'compactkit',
      [
        { role: 'user', content: 'plain' },
        { role: 'assistant', content: 'text' },
      ],
    ],
    ['openai', [{ role: 'user', content: [{ type: 'text', text: 'parts only' }] }]],
  ] as const)('reads %s from %j', (format, messages) => {
    expect(detectMessageFormat(messages)).toBe(format);
  });

  it('looks past plain messages to the first distinctive one', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [] },
    ];
    expect(detectMessageFormat(messages)).toBe('openai');
  });

  it('throws when two formats are mixed', () => {
    const messages = [
      { role: 'assistant', content: '', toolCalls: [] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'b', input: {} }] },
    ];
    expect(() => detectMessageFormat(messages)).toThrow(
      'messages[1]: has a tool-call part (ai-sdk) but messages[0] has a toolCalls field (compactkit)',
    );
  });
});
