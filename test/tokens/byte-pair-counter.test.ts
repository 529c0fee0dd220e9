import fc from 'fast-check';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { CL100K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { BytePairMerger } from '../../src/tokens/byte-pair-merger.js';
import { createBytePairCounter } from '../../src/tokens/create-byte-pair-counter.js';
import { loadPlainTextCounter } from '../../src/tokens/load-plain-text-counter.js';
import { TokenTable } from '../../src/tokens/token-table.js';
import type { TokenEncoding } from '../../src/tokens/types.js';

const ORDINARY_TEXT_ONLY = { disallowedSpecial: new Set<string>() };
const reference: Record<TokenEncoding, (text: string) => number> = {
  cl100k_base: (text) => countCl100k(text, ORDINARY_TEXT_ONLY),
  o200k_base: (text) => countO200k(text, ORDINARY_TEXT_ONLY),
};

// Any UTF-16 code units, lone surrogates included, weighted towards characters that make multi-byte pieces.
const codeUnit = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.constantFrom(0x09, 0x0a, 0x0d, 0x20, 0x27, 0xa0, 0x3000),
  fc.integer({ min: 0x80, max: 0xffff }),
);
const anyText = fc.array(codeUnit, { maxLength: 120 }).map((codes) => String.fromCharCode(...codes));

function randomLetters(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    text += String.fromCharCode(97 + ((state >> 8) % 26));
  }
  return text;
}

describe('byte-pair counting', () => {
  for (const encoding of ['cl100k_base', 'o200k_base'] as const) {
    it(`agrees with gpt-tokenizer on arbitrary UTF-16 text (${encoding})`, () => {
      const count = loadPlainTextCounter(encoding);
      fc.assert(
        fc.property(anyText, (text) => {
          expect(count(text)).toBe(reference[encoding](text));
        }),
        { numRuns: 400, seed: 11 },
      );
    });

    it(`agrees with gpt-tokenizer on long single pieces, which are merged with a heap (${encoding})`, () => {
      const count = loadPlainTextCounter(encoding);
      const pieces = [
        randomLetters(300, 1),
        randomLetters(2_000, 2),
        randomLetters(1_500, 3).replace(/[aeiou]/g, (vowel) => vowel.toUpperCase()),
        'a'.repeat(1_000),
        ' '.repeat(1_000),
        '\n'.repeat(500),
        '我们在看长文本的计数这是一个测试你好世界'.repeat(40),
        '😀🎉👍🏽'.repeat(100),
        '='.repeat(700),
      ];
      for (const piece of pieces) {
        expect(count(piece), piece.slice(0, 20)).toBe(reference[encoding](piece));
      }
    });
  }

  it('stays exact when many different pieces compete for the cache of merged pieces', () => {
    const words = Array.from({ length: 40_000 }, (_, index) => randomLetters(4 + (index % 9), index + 1));
    const text = words.join(' ');
    const count = loadPlainTextCounter('cl100k_base');
    expect(count(text)).toBe(reference.cl100k_base(text));
    expect(count(text)).toBe(reference.cl100k_base(text));
  });

  it('counts the same whether pieces are merged by scanning or with a heap', () => {
    const table = new TokenTable(cl100kRanks);
    const byScan = createBytePairCounter(
      table,
      CL100K_TOKEN_SPLIT_REGEX,
      new BytePairMerger(table, Infinity),
    );
    const byHeap = createBytePairCounter(table, CL100K_TOKEN_SPLIT_REGEX, new BytePairMerger(table, 2));
    fc.assert(
      fc.property(anyText, (text) => {
        expect(byHeap(text)).toBe(byScan(text));
      }),
      { numRuns: 300, seed: 5 },
    );
    const long = `${randomLetters(3_000, 9)} ${'ab'.repeat(800)} ${'x'.repeat(999)}`;
    expect(byHeap(long)).toBe(byScan(long));
  });
});

describe('TokenTable', () => {
  const table = new TokenTable(cl100kRanks);
  const encoder = new TextEncoder();
  const prefixes = new Int32Array(1_024);

  const rankOf = (bytes: Uint8Array, start = 0, end = bytes.length) => {
    table.hashPrefixes(bytes, bytes.length, prefixes);
    return table.rankOf(bytes, prefixes, start, end);
  };

  it('finds every token by its bytes', () => {
    cl100kRanks.forEach((token, rank) => {
      const bytes = typeof token === 'string' ? encoder.encode(token) : Uint8Array.from(token);
      if (rankOf(bytes) !== rank) expect.fail(`rank ${rank} (${JSON.stringify(token)}) not found`);
    });
  });

  it('finds tokens inside a longer byte string and rejects byte strings that are not tokens', () => {
    const bytes = encoder.encode('xx hello world zzqxj');
    expect(rankOf(bytes, 2, 8)).toBe(cl100kRanks.indexOf(' hello'));
    expect(rankOf(bytes, 14, 20)).toBe(-1);
    expect(rankOf(new Uint8Array(table.maxTokenLength + 1).fill(32))).toBe(-1);
  });
});
