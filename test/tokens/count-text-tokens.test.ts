import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { countTokens as countCl100k, decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { countTextTokens, type TokenEncoding } from '../../src/tokens/index.js';

const ORDINARY_TEXT_ONLY = { disallowedSpecial: new Set<string>() };
const exactCounters: Record<TokenEncoding, (text: string) => number> = {
  cl100k_base: (text) => countCl100k(text, ORDINARY_TEXT_ONLY),
  o200k_base: (text) => countO200k(text, ORDINARY_TEXT_ONLY),
};
const encodings: TokenEncoding[] = ['cl100k_base', 'o200k_base'];

// Deterministic pseudo-random letters, so a failure reproduces.
function randomLetters(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    text += String.fromCharCode(97 + ((state >> 8) % 26));
  }
  return text;
}

const SAMPLES: Record<string, string> = {
  english:
    'The quick brown fox jumps over the lazy dog. It was the best of times, it was the worst of times; ' +
    "we'd all gone direct to Heaven, we'll all go direct the other way. Don't PANIC!",
  code: [
    'export function fibonacci(limit: number): number[] {',
    '  const sequence = [0, 1];',
    '  while (sequence.length < limit) sequence.push(sequence.at(-1)! + sequence.at(-2)!);',
    '  return sequence.filter((value) => value % 2 === 0); // even ones, e.g. 0, 2, 8, 34, 144',
    '}',
  ].join('\n'),
  crlf: 'line one\r\nline two\r\n\r\n\tindented\r\n    four spaces\r\n',
  unicode: 'Grüße aus Köln! Ñandú, façade, naïve. Здравствуйте, мир. مرحبا بالعالم. नमस्ते दुनिया. 1½ ² ٣',
  cjk: '你好，世界。これは日本語の文章です。한국어 문장도 있습니다.',
  emoji: 'Ship it 🚀🚀 — thumbs 👍🏽, family 👨‍👩‍👧‍👦, flags 🇫🇷🇯🇵, keycap 1️⃣ and ZWJ 🏳️‍🌈.',
  json: JSON.stringify({
    id: 'call_9',
    args: { path: 'src/a.ts', lines: [1, 2, 3] },
    ok: true,
    ratio: 0.125,
  }),
  whitespace: '   leading\n\n\n\ttabs\t\t\ttrailing   \n \n  ',
  numbers: '3.14159265358979 1234567890 0x1F 1e-9 -42 1,000,000',
};

describe('countTextTokens', () => {
  it('returns 0 for the empty string', () => {
    expect(countTextTokens('')).toBe(0);
    expect(countTextTokens('', 'o200k_base')).toBe(0);
  });

  it('matches known cl100k_base counts', () => {
    expect(countTextTokens('hello world')).toBe(2);
    // Values from OpenAI's "How to count tokens with tiktoken" cookbook.
    expect(countTextTokens('tiktoken is great!')).toBe(6);
    expect(countTextTokens('antidisestablishmentarianism')).toBe(6);
    expect(countTextTokens('2 + 2 = 4')).toBe(7);
    expect(countTextTokens('お誕生日おめでとう')).toBe(9);
  });

  it('counts with o200k_base when asked, which differs from cl100k_base on some text', () => {
    expect(countTextTokens('お誕生日おめでとう', 'o200k_base')).toBe(8);
    expect(countTextTokens(SAMPLES.cjk!, 'o200k_base')).toBeLessThan(countTextTokens(SAMPLES.cjk!));
  });

  for (const encoding of encodings) {
    it(`counts every sample exactly as gpt-tokenizer does (${encoding})`, () => {
      for (const [name, text] of Object.entries(SAMPLES)) {
        expect(countTextTokens(text, encoding), name).toBe(exactCounters[encoding](text));
      }
      const all = Object.values(SAMPLES).join('\n\n').repeat(20);
      expect(all.length).toBeGreaterThan(10_000);
      expect(countTextTokens(all, encoding)).toBe(exactCounters[encoding](all));
    });

    it(`counts text made of short random words exactly (${encoding})`, () => {
      const word = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 256 }).map((text) => text.replace(/\s/g, 'x')),
        fc.constantFrom('a'.repeat(256), 'é'.repeat(256), '<|endoftext|>', '\r\n', ' '.repeat(200)),
      );
      const separator = fc.constantFrom(' ', '\n', '\t', '\r\n', '  ');
      const text = fc
        .array(fc.tuple(word, separator), { maxLength: 30 })
        .map((parts) => parts.flat().join(''));
      fc.assert(
        fc.property(text, (sample) => {
          expect(countTextTokens(sample, encoding)).toBe(exactCounters[encoding](sample));
        }),
        { numRuns: 150, seed: 7 },
      );
    });

    it(`counts long runs of base64, hex, URLs, code and numbers exactly (${encoding})`, () => {
      const samples = [
        randomBytes(6_000).toString('base64'),
        randomBytes(4_000).toString('hex'),
        Array.from({ length: 80 }, (_, index) => `https://example.com/a/${index}?q=${index}&x=abc`).join(''),
        'var a=1,b=[2,3];function f(x){return x*2+a;}'.repeat(60),
        '9'.repeat(5_000),
        `prefix words before ${'ab1'.repeat(400)} and after`,
      ];
      for (const sample of samples) {
        expect(countTextTokens(sample, encoding)).toBe(exactCounters[encoding](sample));
      }
    });

    it(`counts long unbroken runs exactly: random letters, CJK, emoji, digits, whitespace (${encoding})`, () => {
      const runs = [
        `Before the word: ${randomLetters(20_000, 42)} and after it.`,
        randomLetters(9_000, 7).toUpperCase(),
        '你好世界这是一个测试文本没有标点符号'.repeat(400),
        `x${'😀🎉'.repeat(1_500)}`,
        `a${' '.repeat(6_000)}b${'\n'.repeat(5_000)}c${'\r\n'.repeat(3_000)}d${'\t '.repeat(2_500)}`,
        'é'.repeat(5_000),
        `id=${'7'.repeat(9_000)}`,
      ];
      for (const run of runs) {
        expect(countTextTokens(run, encoding)).toBe(exactCounters[encoding](run));
      }
    });

    it(`counts long random mixed input exactly (${encoding})`, () => {
      const piece = fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
        fc
          .integer({ min: 300, max: 6_000 })
          .chain((length) =>
            fc.constantFrom('a', 'z', 'é', '中', ' ', '\n', '9', '=').map((unit) => unit.repeat(length)),
          ),
        fc
          .integer({ min: 1, max: 2 ** 31 })
          .chain((seed) => fc.integer({ min: 300, max: 6_000 }).map((length) => randomLetters(length, seed))),
      );
      const text = fc.array(piece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(''));
      fc.assert(
        fc.property(text, (sample) => {
          expect(countTextTokens(sample, encoding)).toBe(exactCounters[encoding](sample));
        }),
        { numRuns: 25, seed: 11 },
      );
    });
  }

  describe('special-token lookalikes', () => {
    const lookalikes = [
      '<|endoftext|>',
      '<|im_start|>',
      '<|im_end|>',
      '<|im_sep|>',
      '<|fim_prefix|>',
      '<|fim_middle|>',
      '<|fim_suffix|>',
      '<|endofprompt|>',
    ];

    it('counts them as ordinary text instead of throwing', () => {
      for (const encoding of encodings) {
        for (const lookalike of lookalikes) {
          expect(() => countTextTokens(lookalike, encoding)).not.toThrow();
          expect(countTextTokens(lookalike, encoding)).toBeGreaterThan(1);
        }
      }
    });

    it('counts them as the sum of their ordinary pieces', () => {
      const pieces = (name: string) => countTextTokens('<|') + countTextTokens(name) + countTextTokens('|>');
      expect(countTextTokens('<|endoftext|>')).toBe(pieces('endoftext'));
      expect(countTextTokens('<|endoftext|>')).toBe(7);
      expect(countTextTokens('<|endofprompt|>')).toBe(pieces('endofprompt'));
    });

    it('encodes to ordinary tokens that decode back to the text', () => {
      const text = `system: <|im_start|>user\nhi<|im_end|> then <|endoftext|> ${'x'.repeat(200)} <|fim_prefix|>`;
      const tokens = encode(text, ORDINARY_TEXT_ONLY);
      // 100257 and up are cl100k_base's special tokens.
      expect(tokens.every((token) => token < 100_257)).toBe(true);
      expect(decode(tokens)).toBe(text);
      expect(countTextTokens(text)).toBe(tokens.length);
    });
  });

  it('rejects an unknown encoding with a ValidationError that names the choices', () => {
    const call = () => countTextTokens('hi', 'p50k_base' as TokenEncoding);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(/cl100k_base.*o200k_base/);
  });
});
