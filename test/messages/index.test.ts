import { describe, expect, it } from 'vitest';
import * as messages from '../../src/messages/index.js';

describe('messages module index', () => {
  it('exports the public API by name, and nothing internal', () => {
    expect(Object.keys(messages).sort()).toEqual([
      'SYSTEM_TEXT_PREFIX',
      'assignTurns',
      'attachmentSchema',
      'detectMessageFormat',
      'fromAnthropicMessages',
      'fromModelMessages',
      'fromOpenAIMessages',
      'messageSchema',
      'parseMessages',
      'parseTranscript',
      'readTranscript',
      'toAnthropicMessages',
      'toModelMessages',
      'toOpenAIMessages',
      'toolCallSchema',
    ]);
  });
});
