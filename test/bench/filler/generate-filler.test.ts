import { describe, expect, it } from 'vitest';
import { FILLER_BANNED_WORDS, generateFiller } from '../../../src/bench/filler/index.js';
import {
  containsNormalized,
  drawVariables,
  GENERATOR_NAMES,
  normalizeMatchText,
} from '../../../src/bench/lexicon/index.js';
import { createPrng } from '../../../src/bench/random/index.js';
import { ValidationError } from '../../../src/errors.js';
import type { Message } from '../../../src/messages/types.js';
import { createTokenCounter } from '../../../src/tokens/index.js';

const counter = createTokenCounter({ encoding: 'cl100k_base' });
const BANNED = FILLER_BANNED_WORDS.map(normalizeMatchText);

function filler(
  seed: string,
  exchanges: number,
  targetTokens: number,
  avoid: readonly string[] = [],
): Message[] {
  return generateFiller({ prng: createPrng(seed), exchanges, targetTokens, avoid, idPrefix: 'b0' });
}

/** Every piece of text a reader of the transcript sees: contents and tool call arguments. */
function textsOf(messages: readonly Message[]): string[] {
  return messages.flatMap((message) => [
    message.content,
    ...(message.toolCalls ?? []).map((call) => JSON.stringify(call.arguments)),
  ]);
}

/** The first value found in a message's normalised text, or undefined. */
function findValue(messages: readonly Message[], values: readonly string[]): string | undefined {
  const needles = values.map(normalizeMatchText);
  for (const text of textsOf(messages)) {
    const normalized = normalizeMatchText(text);
    const found = needles.find((needle) => containsNormalized(normalized, needle));
    if (found !== undefined) return `${found} in ${text.slice(0, 200)}`;
  }
  return undefined;
}

describe('generateFiller', () => {
  it('is byte-identical for the same seed and differs for another', () => {
    const first = JSON.stringify(filler('same', 6, 6000));
    expect(JSON.stringify(filler('same', 6, 6000))).toBe(first);
    expect(JSON.stringify(filler('other', 6, 6000))).not.toBe(first);
  });

  it('returns nothing for zero exchanges', () => {
    expect(filler('zero', 0, 5000)).toEqual([]);
  });

  it.each([
    [2000, 4],
    [2000, 12],
    [8000, 8],
    [8000, 2],
    [32000, 16],
    [100000, 32],
    [100000, 4],
  ])('lands within 15%% of %i tokens with %i exchanges', (targetTokens, exchanges) => {
    for (const seed of ['s1', 's2', 's3', 's4']) {
      const messages = filler(`${seed}-${targetTokens}-${exchanges}`, exchanges, targetTokens);
      const tokens = messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
      expect(tokens / targetTokens, `seed ${seed}`).toBeGreaterThan(0.85);
      expect(tokens / targetTokens, `seed ${seed}`).toBeLessThan(1.15);
    }
  });

  it('lands within 15% for a single small exchange', () => {
    for (let seed = 0; seed < 20; seed++) {
      const messages = filler(`small-${seed}`, 1, 500);
      const tokens = messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
      expect(Math.abs(tokens / 500 - 1), `seed ${seed}`).toBeLessThan(0.15);
    }
  });

  it('pairs every tool call with exactly one tool message right after its assistant message', () => {
    for (const seed of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      const messages = filler(seed, 10, 12000);
      const ids = new Set<string>();
      let exchanges = 0;
      for (let index = 0; index < messages.length; index++) {
        const message = messages[index] as Message;
        expect(message.id).toBeUndefined();
        expect(message.turn).toBeUndefined();
        if (message.role === 'tool') {
          // A tool message only ever follows its assistant message or a sibling result.
          expect(['assistant', 'tool']).toContain(messages[index - 1]?.role);
          continue;
        }
        if (message.role !== 'assistant' || message.toolCalls === undefined) continue;
        exchanges += 1;
        const calls = message.toolCalls;
        expect(calls.length).toBeGreaterThanOrEqual(1);
        expect(calls.length).toBeLessThanOrEqual(3);
        for (const [offset, call] of calls.entries()) {
          expect(call.id).toMatch(/^b0-call-\d+$/);
          expect(ids.has(call.id)).toBe(false);
          ids.add(call.id);
          const result = messages[index + 1 + offset] as Message;
          expect(result.role).toBe('tool');
          expect(result.toolCallId).toBe(call.id);
          expect(result.toolName).toBe(call.name);
          expect(['read_file', 'run_command', 'list_directory', 'search', 'git']).toContain(call.name);
        }
        // The short reply comes right after the results.
        const reply = messages[index + 1 + calls.length] as Message;
        expect(reply.role).toBe('assistant');
        expect(reply.toolCalls).toBeUndefined();
        expect(reply.content.length).toBeGreaterThan(0);
      }
      expect(exchanges).toBe(10);
      // Ids count up from 1 without gaps.
      expect([...ids]).toEqual(Array.from({ length: ids.size }, (_, index) => `b0-call-${index + 1}`));
    }
  });

  it('uses every tool kind and marks failures as errors', () => {
    const messages = Array.from({ length: 12 }, (_, seed) => filler(`kinds-${seed}`, 8, 10000)).flat();
    const names = new Set(
      messages.filter((message) => message.role === 'tool').map((message) => message.toolName),
    );
    expect([...names].sort()).toEqual(['git', 'list_directory', 'read_file', 'run_command', 'search']);
    const errors = messages.filter((message) => message.isError === true);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error.role).toBe('tool');
  });

  it('never contains a cue word of the reader, over many seeds', () => {
    for (let seed = 0; seed < 120; seed++) {
      for (const text of textsOf(filler(`cue-${seed}`, 5, 5000))) {
        const normalized = normalizeMatchText(text);
        const cue = BANNED.find((word) => containsNormalized(normalized, word));
        expect(cue, `seed ${seed}: ${cue} in ${text.slice(0, 300)}`).toBeUndefined();
      }
    }
  });

  it("keeps the case's variable values out, over many seeds", () => {
    const specs = GENERATOR_NAMES.map((name) => ({ name, generator: name }));
    for (let seed = 0; seed < 40; seed++) {
      const avoid = Object.values(drawVariables(specs, BigInt(seed) * 7919n, 'avoid.yaml'));
      const messages = filler(`avoid-${seed}`, 6, 8000, avoid);
      expect(findValue(messages, avoid), `seed ${seed}`).toBeUndefined();
    }
  });

  it('keeps out even values common in code, redrawing only the pieces that hold them', () => {
    const avoid = ['invoice', 'tenantId', 'ledger entries', 'src', '14:30', '2026'];
    for (let seed = 0; seed < 8; seed++) {
      const messages = filler(`common-${seed}`, 6, 8000, avoid);
      expect(findValue(messages, avoid), `seed ${seed}`).toBeUndefined();
      const tokens = messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
      expect(Math.abs(tokens / 8000 - 1)).toBeLessThan(0.15);
    }
  });

  it('refuses a value it cannot keep out, naming it', () => {
    expect(() => filler('the', 3, 3000, ['the'])).toThrow(/contained the variable value "the"/);
  });

  it('rejects bad options with every problem listed', () => {
    try {
      generateFiller({
        prng: createPrng('x'),
        exchanges: -1,
        targetTokens: Number.NaN,
        avoid: [3 as unknown as string],
        idPrefix: '',
      });
      throw new Error('expected a ValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.where)).toEqual([
        'generateFiller(options).exchanges',
        'generateFiller(options).targetTokens',
        'generateFiller(options).avoid',
        'generateFiller(options).idPrefix',
      ]);
    }
  });
});

describe('generateFiller in steps of one agent loop', () => {
  function steps(
    seed: string,
    count: number,
    targetTokens: number,
    avoid: readonly string[] = [],
  ): Message[] {
    return generateFiller({
      prng: createPrng(seed),
      exchanges: count,
      targetTokens,
      avoid,
      idPrefix: 'b1',
      shape: 'steps',
    });
  }

  it('is only assistant messages with tool calls, each followed by exactly its results', () => {
    for (const seed of ['l1', 'l2', 'l3', 'l4']) {
      const messages = steps(seed, 40, 8000);
      let count = 0;
      let carriedNotes = 0;
      for (let index = 0; index < messages.length; index++) {
        const message = messages[index] as Message;
        expect(message.role, `${seed} ${index}`).not.toBe('user');
        if (message.role === 'tool') continue;
        count += 1;
        const calls = message.toolCalls ?? [];
        expect(calls.length, `${seed} ${index}`).toBeGreaterThanOrEqual(1);
        expect(calls.length).toBeLessThanOrEqual(2);
        for (const [offset, call] of calls.entries()) {
          const result = messages[index + 1 + offset] as Message;
          expect(result).toMatchObject({ role: 'tool', toolCallId: call.id, toolName: call.name });
        }
        // Some steps open with a word on the previous step's results before their own call.
        if (/\. \S/.test(message.content)) carriedNotes += 1;
      }
      expect(count).toBe(40);
      expect(carriedNotes).toBeGreaterThan(5);
    }
  });

  it.each([
    [4000, 40],
    [16000, 60],
    [40000, 100],
    [100000, 150],
  ])('lands within 15%% of %i tokens with %i steps', (targetTokens, count) => {
    for (const seed of ['s1', 's2']) {
      const messages = steps(`${seed}-${targetTokens}`, count, targetTokens);
      const tokens = messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
      expect(tokens / targetTokens, seed).toBeGreaterThan(0.85);
      expect(tokens / targetTokens, seed).toBeLessThan(1.15);
    }
  });

  it('keeps cue words and the avoided values out, and is byte-identical for a seed', () => {
    const avoid = ['src/billing/refund-ledger.ts', 'ECONNRESET'];
    for (let seed = 0; seed < 30; seed++) {
      const messages = steps(`loop-cue-${seed}`, 20, 4000, avoid);
      expect(findValue(messages, avoid), `seed ${seed}`).toBeUndefined();
      for (const text of textsOf(messages)) {
        const normalized = normalizeMatchText(text);
        expect(BANNED.find((word) => containsNormalized(normalized, word))).toBeUndefined();
      }
    }
    expect(JSON.stringify(steps('same', 30, 6000))).toBe(JSON.stringify(steps('same', 30, 6000)));
  });
});
