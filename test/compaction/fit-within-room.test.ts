import { describe, expect, it } from 'vitest';
import { compactTurnSteps } from '../../src/compaction/compact-turn-steps.js';
import { summarizeWithinBudget } from '../../src/compaction/summarize-within-budget.js';
import type { Message } from '../../src/messages/types.js';
import { createTokenCounter } from '../../src/tokens/index.js';

const counter = createTokenCounter();
const cost = (messages: readonly Message[]) =>
  messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
const words = (count: number, word: string) =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

/** One step: an assistant call and its result. */
function step(id: string, argumentWords: number, output: string): Message[] {
  return [
    {
      id: `${id}a`,
      role: 'assistant',
      content: '',
      toolCalls: [{ id: `${id}c`, name: 'bash', arguments: { command: words(argumentWords, 'arg') } }],
    },
    { id: `${id}r`, role: 'tool', toolCallId: `${id}c`, toolName: 'bash', content: output },
  ];
}

describe('a summary line too long for the summary budget', () => {
  it('is cut into the room left, head and tail kept, instead of leaving the budget unused', () => {
    const activityLine = `ran the migration on ${words(400, 'table')} and it finished with exit 0`;
    const result = summarizeWithinBudget({
      header: '[Compacted summary of turns 1-1]',
      fallback: '[no room]',
      summaries: [{ turn: 1, instructionLines: [], activityLine, searchText: '' }],
      budgetTokens: 150,
      counter,
    });
    expect(counter.countText(result.text)).toBeLessThanOrEqual(150);
    expect(counter.countText(result.text)).toBeGreaterThan(100);
    expect(result.text).toContain('ran the migration on table0');
    expect(result.text).toContain('finished with exit 0');
    expect(result.text).toContain('a line of turn(s) 1 was cut to fit the summary budget');
    expect(result.omittedActivityTurns).toEqual([]);
  });

  it('says so when it is a user message that was cut, since what is left of it may be a few characters', () => {
    const request = `[turn 2] user: please rename ${words(300, 'field')} across the API before Friday`;
    const result = summarizeWithinBudget({
      header: '[Compacted summary of turns 2-2]',
      fallback: '[no room]',
      summaries: [
        { turn: 2, instructionLines: [{ line: request, isRule: false }], activityLine: '', searchText: '' },
      ],
      budgetTokens: 120,
      counter,
    });
    expect(counter.countText(result.text)).toBeLessThanOrEqual(120);
    expect(result.text).toContain('please rename field0');
    expect(result.text).toContain('a user/system message of turn(s) 2 was cut to fit the summary budget');
  });

  it('is still left out, and named, when the room left is too small to keep a useful part of it', () => {
    const result = summarizeWithinBudget({
      header: '[Compacted summary of turns 1-1]',
      fallback: '[no room]',
      summaries: [{ turn: 1, instructionLines: [], activityLine: words(400, 'table'), searchText: '' }],
      budgetTokens: 40,
      counter,
    });
    expect(counter.countText(result.text)).toBeLessThanOrEqual(40);
    expect(result.omittedActivityTurns).toEqual([1]);
  });
});

describe('an older turn compacted step by step', () => {
  // The latest step's call alone (its arguments cannot be cut) is larger than the room.
  const request: Message = { id: 'u', role: 'user', content: 'Tidy the repository.' };
  const turn = [
    request,
    ...step('s1', 2, 'listed 4 files'),
    ...step('s2', 2, 'removed build/ and dist/'),
    ...step('s3', 600, 'done'),
  ];
  const options = {
    messages: turn,
    roomTokens: 300,
    fillTokens: 150,
    counter,
    pinned: new Set<Message>(),
    truncate: { maxLines: 20, maxChars: 2000 },
    maxDigestTokens: 200,
    label: 'turn 2 of loop L',
  };

  it('keeps its smaller earlier steps and digests the latest in its place when that call cannot fit', () => {
    const result = compactTurnSteps({ ...options, latestMayGo: true });
    expect(result).toBeDefined();
    const messages = result?.messages ?? [];
    expect(cost(messages)).toBeLessThanOrEqual(300);
    expect(messages.map((message) => message.id)).toEqual(
      expect.arrayContaining(['s1a', 's1r', 's2a', 's2r']),
    );
    const last = messages[messages.length - 1];
    expect(last?.content).toMatch(
      /^\[Compacted steps 3 of turn 2 of loop L: .*they were the last steps of this turn/,
    );
    expect(messages.some((message) => message.id === 's3a')).toBe(false);
  });

  it('keeps the latest step of the turn the agent is in, even when that leaves the room exceeded', () => {
    const result = compactTurnSteps(options);
    expect(result?.messages.some((message) => message.id === 's3a')).toBe(true);
  });
});

describe('a turn whose digest needs more than a fifth of a small room', () => {
  it('reserves the digest marker, so a cut older step and the digest fit together', () => {
    const lines = (count: number, word: string) =>
      Array.from({ length: count }, (_, i) => words(12, `${word}${i}x`)).join('\n');
    const turn = [
      { id: 'u', role: 'user', content: 'Check the logs.' } satisfies Message,
      ...step('s1', 1, lines(30, 'line')),
      ...step('s2', 1, lines(4, 'entry')),
      { id: 'note', role: 'user', content: 'ok' } satisfies Message,
    ];
    const room = 90;
    const result = compactTurnSteps({
      messages: turn,
      roomTokens: room,
      fillTokens: 45,
      counter,
      pinned: new Set(),
      truncate: { maxLines: 3, maxChars: 5000 },
      maxDigestTokens: 2000,
      label: 'turn 0 of loop L',
    });
    expect(cost(result?.messages ?? [])).toBeLessThanOrEqual(room);
    expect(result?.messages.map((message) => message.id)).toContain('s2r');
  });
});

describe('a step digest cut to a small budget', () => {
  it('keeps the whole digest message, not only its text, within the digest budget', () => {
    const turn: Message[] = [{ id: 'u', role: 'user', content: 'Check it.' }];
    for (const id of ['s0', 's1']) turn.push(...step(id, 40, words(200, `${id}out`)));
    turn.push({ id: 'z', role: 'assistant', content: 'done' });
    const result = compactTurnSteps({
      messages: turn,
      roomTokens: 70,
      fillTokens: 35,
      counter,
      pinned: new Set(),
      truncate: { maxLines: 3, maxChars: 200 },
      maxDigestTokens: 58,
      label: 'turn 0 of loop L',
    });
    const digest = result?.messages.find((message) => message.id?.includes('steps:'));
    expect(digest?.content).toMatch(/cut/);
    expect(counter.countMessage(digest as Message)).toBeLessThanOrEqual(58);
    expect(cost(result?.messages ?? [])).toBeLessThanOrEqual(70);
  });
});

describe('a step digest at every small budget', () => {
  it('costs, as a message, no more than its budget, whatever part of it the budget leaves room for', () => {
    const turn: Message[] = [{ id: 'u', role: 'user', content: 'Check it.' }];
    for (const id of ['s0', 's1', 's2']) turn.push(...step(id, 30, words(120, `${id}out`)));
    turn.push({ id: 'z', role: 'assistant', content: 'done' });
    const over: string[] = [];
    for (let budget = 30; budget <= 120; budget++) {
      const result = compactTurnSteps({
        messages: turn,
        roomTokens: 2 * budget,
        fillTokens: budget,
        counter,
        pinned: new Set(),
        truncate: { maxLines: 3, maxChars: 200 },
        maxDigestTokens: budget,
        label: 'turn 3 of loop L',
      });
      const digest = result?.messages.find((message) => message.id?.includes('steps:'));
      if (digest && counter.countMessage(digest) > budget)
        over.push(`${budget}: ${counter.countMessage(digest)}`);
    }
    expect(over).toEqual([]);
  });
});
