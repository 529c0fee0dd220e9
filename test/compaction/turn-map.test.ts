import { describe, expect, it } from 'vitest';
import { TurnMap } from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';

const message = (turn?: number): Message =>
  turn === undefined ? { role: 'user', content: 'x' } : { role: 'user', content: 'x', turn };

describe('TurnMap', () => {
  it('groups consecutive messages of one turn and gives unnumbered messages their own turn', () => {
    const map = TurnMap.fromMessages([message(0), message(0), message(), message(1), message(1), message()]);
    expect(map.turnCount()).toBe(4);
    expect(map.turnMsgRange(0)).toEqual([0, 2]);
    expect(map.turnMsgRange(1)).toEqual([2, 3]);
    expect(map.turnMsgRange(2)).toEqual([3, 5]);
    expect(map.turnMsgRange(3)).toEqual([5, 6]);
    expect(map.turnMsgRange(4)).toBeUndefined();
    expect(map.sourceTurnIds).toEqual([0, undefined, 1, undefined]);
  });

  it('splits a turn id that comes back later instead of merging non-contiguous messages', () => {
    const map = TurnMap.fromMessages([message(0), message(1), message(0)]);
    expect(map.turnCount()).toBe(3);
  });

  it('slices messages for an inclusive range, clamped to existing turns', () => {
    const messages = [message(0), message(1), message(1), message(2)];
    const map = TurnMap.fromMessages(messages);
    expect(map.messagesForRange({ startTurn: 1, endTurn: 2 }, messages)).toEqual(messages.slice(1));
    expect(map.messagesForRange({ startTurn: 2, endTurn: 9 }, messages)).toEqual(messages.slice(3));
    expect(map.messagesForRange({ startTurn: 5, endTurn: 9 }, messages)).toEqual([]);
  });

  it('handles an empty history', () => {
    const map = TurnMap.fromMessages([]);
    expect(map.turnCount()).toBe(0);
    expect(map.messagesForRange({ startTurn: 0, endTurn: 0 }, [])).toEqual([]);
  });
});
