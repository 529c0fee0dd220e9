import { describe, expect, it } from 'vitest';
import { findChunkEnd, MAX_UNBROKEN_RUN } from '../../src/tokens/find-chunk-end.js';
import { isWhitespaceCode } from '../../src/tokens/is-whitespace-code.js';

describe('findChunkEnd', () => {
  it('cuts an unbroken run of letters at MAX_UNBROKEN_RUN characters', () => {
    expect(findChunkEnd('a'.repeat(1_000), 0, false)).toBe(MAX_UNBROKEN_RUN);
    expect(findChunkEnd('a'.repeat(1_000), 100, false)).toBe(100 + MAX_UNBROKEN_RUN);
  });

  it('prefers the last number edge or letter-to-punctuation edge in the second half of the chunk', () => {
    const digitsThenLetters = `${'a'.repeat(200)}123${'b'.repeat(500)}`;
    expect(findChunkEnd(digitsThenLetters, 0, false)).toBe(203);
    const letterThenPunctuation = `${'a'.repeat(150)}.${'b'.repeat(500)}`;
    expect(findChunkEnd(letterThenPunctuation, 0, false)).toBe(150);
  });

  it('cuts a long number a multiple of three digits after its start, where the tokenizer splits it anyway', () => {
    expect(findChunkEnd(`ab${'9'.repeat(1_000)}`, 0, false)).toBe(254);
    expect(findChunkEnd(`ab${'9'.repeat(1_000)}`, 254, false)).toBe(509);
  });

  it('never cuts before an apostrophe, which o200k_base keeps with the letters before it', () => {
    const contraction = `${'a'.repeat(200)}'s${'b'.repeat(500)}`;
    expect(findChunkEnd(contraction, 0, false)).toBe(MAX_UNBROKEN_RUN);
  });

  it('ignores edges in the first half, so chunks never get short', () => {
    const earlyEdge = `${'a'.repeat(50)}1${'b'.repeat(500)}`;
    expect(findChunkEnd(earlyEdge, 0, false)).toBe(MAX_UNBROKEN_RUN);
  });

  it('does not split a surrogate pair', () => {
    // Pairs sit at odd offsets, so offset 256 is the second half of a pair.
    const emoji = `x${'😀'.repeat(400)}`;
    expect(findChunkEnd(emoji, 0, false)).toBe(MAX_UNBROKEN_RUN - 1);
  });

  it('cuts whitespace runs at MAX_UNBROKEN_RUN characters', () => {
    expect(findChunkEnd(' '.repeat(1_000), 0, true)).toBe(MAX_UNBROKEN_RUN);
  });
});

describe('isWhitespaceCode', () => {
  it('agrees with the regular expression \\s on every UTF-16 code unit', () => {
    const whitespace = /\s/u;
    for (let code = 0; code <= 0xffff; code++) {
      if (isWhitespaceCode(code) !== whitespace.test(String.fromCharCode(code))) {
        expect.fail(`disagreement at U+${code.toString(16).padStart(4, '0')}`);
      }
    }
  });
});
