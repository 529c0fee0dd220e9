import { describe, expect, it } from 'vitest';
import { assignTurns } from '../../src/messages/assign-turns.js';
import type { Message } from '../../src/messages/types.js';

const system: Message = { role: 'system', content: 's' };
const user: Message = { role: 'user', content: 'u' };
const assistant: Message = { role: 'assistant', content: 'a' };
const tool: Message = { role: 'tool', content: 't', toolCallId: 'c1' };

const turns = (messages: Message[]) => assignTurns(messages).map((message) => message.turn);

describe('assignTurns', () => {
  it('puts everything before the first user message in turn 0 and opens a turn at each user message', () => {
    expect(turns([system, user, assistant, tool, assistant, user, assistant])).toEqual([0, 1, 1, 1, 1, 2, 2]);
  });

  it('numbers from 0 when the transcript starts with a user message', () => {
    expect(turns([user, assistant, user, user])).toEqual([0, 0, 1, 2]);
  });

  it('keeps assistant, tool and system messages in the current turn', () => {
    expect(turns([user, system, tool, assistant])).toEqual([0, 0, 0, 0]);
  });

  it('keeps existing turns and continues after the highest one seen', () => {
    const input = [user, { ...assistant, turn: 7 }, tool, user, { ...user, turn: 3 }, assistant, user];
    expect(turns(input)).toEqual([0, 7, 7, 8, 3, 3, 9]);
  });

  it('returns new objects and leaves the input untouched', () => {
    const input: Message[] = [{ ...user }, { ...assistant, turn: 4 }];
    const snapshot = structuredClone(input);
    const output = assignTurns(input);
    expect(input).toEqual(snapshot);
    expect(output[0]).not.toBe(input[0]);
    expect(output[1]).not.toBe(input[1]);
    expect(output[1]).toEqual({ ...assistant, turn: 4 });
  });

  it('returns an empty array for no messages', () => {
    expect(assignTurns([])).toEqual([]);
  });
});
