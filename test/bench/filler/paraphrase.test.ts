import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTINUATIONS,
  FILLER_BANNED_WORDS,
  PARAPHRASE_FRAMES,
  paraphrase,
} from '../../../src/bench/filler/index.js';
import { containsWholeWords } from '../../../src/bench/lexicon/index.js';
import { createPrng } from '../../../src/bench/random/index.js';
import { ValidationError } from '../../../src/errors.js';

const TEXT = 'Critical: never rewrite the retry logic in the payment client.';

function cueIn(text: string): string | undefined {
  return FILLER_BANNED_WORDS.find((word) => containsWholeWords(text, word));
}

describe('paraphrase', () => {
  it('returns the text unchanged at depth 0', () => {
    expect(paraphrase(TEXT, 0, createPrng('d0'))).toBe(TEXT);
  });

  it('keeps the text verbatim and frames more with each depth', () => {
    const average = (depth: number): number => {
      let total = 0;
      for (let seed = 0; seed < 50; seed++) {
        const framed = paraphrase(TEXT, depth, createPrng(`avg-${depth}-${seed}`));
        expect(framed).toContain(TEXT);
        total += framed.length - TEXT.length;
      }
      return total / 50;
    };
    const [one, two, three] = [average(1), average(2), average(3)];
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    expect(three).toBeGreaterThan(two);
  });

  it('adds a lead-in at depth 1, a trailer at depth 2 and an aside at depth 3', () => {
    const prng = createPrng('parts');
    const first = paraphrase(TEXT, 1, prng);
    expect(PARAPHRASE_FRAMES[1]?.leadIns.some((lead) => first === `${lead}${TEXT}`)).toBe(true);
    const second = paraphrase(TEXT, 2, prng);
    expect(PARAPHRASE_FRAMES[2]?.trailers.some((trailer) => second.endsWith(`${TEXT}${trailer}`))).toBe(true);
    const third = paraphrase(TEXT, 3, prng);
    expect(PARAPHRASE_FRAMES[3]?.asides.some((aside) => third.includes(aside))).toBe(true);
  });

  it('is deterministic and frames depths above 3 like 3', () => {
    expect(paraphrase(TEXT, 2, createPrng('same'))).toBe(paraphrase(TEXT, 2, createPrng('same')));
    expect(paraphrase(TEXT, 7, createPrng('deep'))).toBe(paraphrase(TEXT, 3, createPrng('deep')));
  });

  it('rejects a negative or fractional depth', () => {
    expect(() => paraphrase(TEXT, -1, createPrng('x'))).toThrow(ValidationError);
    expect(() => paraphrase(TEXT, 1.5, createPrng('x'))).toThrow(ValidationError);
  });

  it('has frames free of cue words, with nothing at depth 0', () => {
    expect(PARAPHRASE_FRAMES).toHaveLength(4);
    expect(PARAPHRASE_FRAMES[0]).toEqual({ leadIns: [], trailers: [], asides: [] });
    for (const frame of PARAPHRASE_FRAMES) {
      for (const text of [...frame.leadIns, ...frame.trailers, ...frame.asides])
        expect(cueIn(text), text).toBeUndefined();
    }
  });
});

describe('DEFAULT_CONTINUATIONS', () => {
  it('has at least 30 distinct requests free of cue words', () => {
    expect(DEFAULT_CONTINUATIONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(DEFAULT_CONTINUATIONS).size).toBe(DEFAULT_CONTINUATIONS.length);
    for (const text of DEFAULT_CONTINUATIONS) expect(cueIn(text), text).toBeUndefined();
  });
});
