import { describe, expect, it } from 'vitest';
import { hasValidToolPairs, MISSING_RESULT_TEXT, repairToolPairs } from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, call, result, user } from './build.js';

describe('repairToolPairs', () => {
  it('adds a placeholder result for a call whose result is gone', () => {
    const repaired = repairToolPairs([
      user('go'),
      assistant('', [call('a', 'bash', { command: 'ls' })]),
      user('next'),
    ]);
    expect(hasValidToolPairs(repaired.messages)).toBe(true);
    expect(repaired.messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'a',
      toolName: 'bash',
      content: MISSING_RESULT_TEXT,
    });
    expect(repaired.repairs[0]).toMatch(/tool call a \(bash\) had no result/);
  });

  it('turns a result whose call is gone into a labelled user note, keeping its text', () => {
    const repaired = repairToolPairs([
      user('go'),
      { ...result('gone', 'file contents', true), toolName: 'read_file' },
    ]);
    expect(repaired.messages[1]).toMatchObject({ role: 'user' });
    expect(repaired.messages[1]?.content).toBe(
      '[output of read_file whose call is not in context (it reported an error)]\nfile contents',
    );
    expect(hasValidToolPairs(repaired.messages)).toBe(true);
  });

  it('moves a result that drifted away back next to its call, in call order', () => {
    const messages: Message[] = [
      assistant('', [call('a', 'x', {}), call('b', 'y', {})]),
      result('b', 'B'),
      user('interjection'),
      result('a', 'A'),
    ];
    const repaired = repairToolPairs(messages);
    expect(repaired.messages.map((message) => message.content)).toEqual(['', 'A', 'B', 'interjection']);
    expect(hasValidToolPairs(repaired.messages)).toBe(true);
  });

  it('leaves a valid context exactly as it was', () => {
    const messages = [user('go'), assistant('', [call('a', 'x', {})]), result('a', 'A'), assistant('done')];
    const repaired = repairToolPairs(messages);
    expect(repaired.repairs).toEqual([]);
    expect(repaired.messages).toEqual(messages);
    expect(repaired.messages[2]).toBe(messages[2]);
  });
});
