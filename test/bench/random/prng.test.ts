import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../src/bench/random/prng.js';
import { ValidationError } from '../../../src/errors.js';

// caseSeed of elite@1/buried_constraint_01@2:default:3 (see case-seed.test.ts).
const caseSeedValue = 540608432126266595n;

// Recorded once; a change here changes every generated case and needs a new suite version.
const goldenFromBigint = [
  250690761, 3144948168, 153080260, 2532540969, 3583877547, 3049953093, 2803085269, 2853711207, 1771987600,
  649211812,
];
const goldenFromString = [
  1690447530, 3518440366, 616437578, 750889624, 4149237340, 1999241915, 2527890239, 156056312, 472592308,
  2067730100,
];
// SHA-256 of the first 10,000 outputs of createPrng(caseSeedValue), each as 4 big-endian bytes.
const goldenStreamSha256 = 'b2c79d36f0e577f26ab984733fbf88d8c2f9b896aa63ec8fc891973d114c3b63';
// SHA-256 of the JSON of `mixedScript`, which exercises every method.
const goldenMixedSha256 = '203ba7fc20c27eb5291b2c99b3f56d75b9d890d13c05236c2d6f7ccd0ec97b4f';

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

function mixedScript(seed: bigint | string): unknown[] {
  const prng = createPrng(seed);
  const letters = [...'abcdefghijklmnopqrstuvwxyz'];
  const results: unknown[] = [];
  for (let round = 0; round < 50; round++) {
    results.push(
      prng.next(),
      prng.int(-1000, 1000),
      prng.int(0, 0xffffffff),
      prng.pick(letters),
      prng.chance(0.25),
      prng.shuffle(letters.slice(0, 8)).join(''),
      prng.weighted([
        ['rare', 1],
        ['never', 0],
        ['common', 9],
      ] as const),
      prng.sampleDistinct(letters, 5).join(''),
      prng.fork(`round-${round}`).nextUint32(),
    );
  }
  return results;
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

function errorOf(action: () => unknown): ValidationError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}

describe('createPrng golden values', () => {
  it('gives the recorded first 10 outputs for a bigint seed', () => {
    const prng = createPrng(caseSeedValue);
    expect(Array.from({ length: 10 }, () => prng.nextUint32())).toEqual(goldenFromBigint);
  });

  it('gives the recorded first 10 outputs for a string seed', () => {
    const prng = createPrng('golden');
    expect(Array.from({ length: 10 }, () => prng.nextUint32())).toEqual(goldenFromString);
  });

  it('derives next() from the same stream', () => {
    const prng = createPrng('golden');
    expect(Array.from({ length: 10 }, () => prng.next())).toEqual(
      goldenFromString.map((output) => output / 2 ** 32),
    );
  });

  it('matches the golden hash of 10,000 outputs', () => {
    const prng = createPrng(caseSeedValue);
    const bytes = Buffer.alloc(40_000);
    for (let index = 0; index < 10_000; index++) bytes.writeUInt32BE(prng.nextUint32(), index * 4);
    expect(sha256(bytes)).toBe(goldenStreamSha256);
  });

  it('matches the golden hash of a script that uses every method', () => {
    expect(sha256(JSON.stringify(mixedScript(caseSeedValue)))).toBe(goldenMixedSha256);
  });

  it('keeps the raw stream of the dev fixture generator in perf/fixtures for string seeds', () => {
    // The values recorded in test/fixtures/prng.test.ts for createPrng('golden').int(0, 1_000_000).
    const prng = createPrng('golden');
    expect(Array.from({ length: 5 }, () => prng.int(0, 1_000_000))).toEqual([
      393588, 819201, 143525, 174830, 966070,
    ]);
  });
});

describe('createPrng seeds', () => {
  it('seeds a bigint through its decimal text', () => {
    expect(createPrng(42n).seed).toBe('42');
    expect(mixedScript(42n)).toEqual(mixedScript('42'));
  });

  it('gives different streams for neighbouring seeds', () => {
    const first = (seed: bigint | string) => {
      const prng = createPrng(seed);
      return Array.from({ length: 4 }, () => prng.nextUint32());
    };
    expect(first(0n)).not.toEqual(first(1n));
    expect(first('a')).not.toEqual(first('b'));
    expect(first('')).not.toEqual(first(' '));
  });

  it('accepts 0 and 2^64 - 1 and rejects bigints outside [0, 2^64)', () => {
    expect(createPrng(0n).seed).toBe('0');
    expect(createPrng((1n << 64n) - 1n).seed).toBe('18446744073709551615');
    expect(errorOf(() => createPrng(-1n)).message).toMatch(/^createPrng\(seed\): .*2\^64 - 1, got -1n/);
    expect(() => createPrng(1n << 64n)).toThrow(ValidationError);
  });

  it('rejects a non-string seed and a lone surrogate', () => {
    expect(() => createPrng(7 as unknown as string)).toThrow(/pass a bigint or a string, got number/);
    expect(() => createPrng('x\udc00')).toThrow(/surrogate/);
  });
});

describe('int', () => {
  it('returns min when min equals max', () => {
    const prng = createPrng('single');
    for (let index = 0; index < 100; index++) {
      expect(prng.int(7, 7)).toBe(7);
      expect(prng.int(-3, -3)).toBe(-3);
    }
  });

  it('stays inside small ranges and reaches both ends', () => {
    const prng = createPrng('bounds');
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index++) seen.add(prng.int(-2, 3));
    expect([...seen].sort((left, right) => left - right)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it.each([
    [0, 2 ** 32 - 1],
    [0, 2 ** 32 - 2],
    [-(2 ** 31), 2 ** 31 - 1],
    [Number.MAX_SAFE_INTEGER - 2 ** 32 + 1, Number.MAX_SAFE_INTEGER],
    [Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER + 2 ** 31],
  ])('covers the huge range [%d, %d] without leaving it', (min, max) => {
    const prng = createPrng(`huge ${min}`);
    let sum = 0;
    let lowest = Number.POSITIVE_INFINITY;
    let highest = Number.NEGATIVE_INFINITY;
    let allSafe = true;
    for (let index = 0; index < 20_000; index++) {
      const value = prng.int(min, max);
      allSafe &&= Number.isSafeInteger(value);
      lowest = Math.min(lowest, value);
      highest = Math.max(highest, value);
      sum += (value - min) / (max - min);
    }
    expect(allSafe).toBe(true);
    expect(lowest).toBeGreaterThanOrEqual(min);
    expect(highest).toBeLessThanOrEqual(max);
    // The mean position in the range is 1/2; its standard error over 20,000 draws is about 0.002.
    expect(Math.abs(sum / 20_000 - 0.5)).toBeLessThan(0.01);
  });

  it('is unbiased where a plain multiply-and-floor would favour a third of the values', () => {
    // With 3 * 2^30 values, flooring output * range / 2^32 maps two outputs onto every multiple of 3 and
    // one onto the others, so multiples of 3 would come up half the time instead of a third.
    const prng = createPrng('bias');
    let multiples = 0;
    for (let index = 0; index < 30_000; index++) if (prng.int(0, 3 * 2 ** 30 - 1) % 3 === 0) multiples++;
    expect(Math.abs(multiples / 30_000 - 1 / 3)).toBeLessThan(0.015);
  });

  it('passes a loose chi-square test over 60,000 draws', () => {
    const prng = createPrng('uniform');
    const counts = new Array<number>(10).fill(0);
    for (let index = 0; index < 60_000; index++) {
      const value = prng.int(0, 9);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    // 9 degrees of freedom: 27.9 is the 0.1% critical value.
    expect(chiSquare(counts)).toBeLessThan(27.9);
  });

  it.each([
    [3, 1, /min <= max/],
    [0.5, 2, /safe integers/],
    [0, Number.NaN, /safe integers/],
    [0, 2 ** 53, /safe integers/],
    [0, 2 ** 32, /at most 2\^32 values/],
    [-(2 ** 31), 2 ** 31, /at most 2\^32 values/],
  ])('rejects int(%d, %d)', (min, max, message) => {
    const error = errorOf(() => createPrng('errors').int(min, max));
    expect(error.message).toMatch(message);
    expect(error.issues[0]?.where).toBe(`int(${min}, ${max})`);
  });
});

describe('next', () => {
  it('stays in [0, 1) and passes a loose chi-square test over 60,000 draws', () => {
    const prng = createPrng('unit');
    const counts = new Array<number>(20).fill(0);
    let lowest = 1;
    let highest = 0;
    for (let index = 0; index < 60_000; index++) {
      const value = prng.next();
      lowest = Math.min(lowest, value);
      highest = Math.max(highest, value);
      const bucket = Math.floor(value * 20);
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    // 19 degrees of freedom: 43.8 is the 0.1% critical value.
    expect(chiSquare(counts)).toBeLessThan(43.8);
  });
});

describe('pick, chance, shuffle, weighted', () => {
  it('picks every element of an array and refuses an empty one', () => {
    const prng = createPrng('pick');
    const seen = new Set(Array.from({ length: 500 }, () => prng.pick(['a', 'b', 'c', 'd'])));
    expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(() => prng.pick([])).toThrow(/empty/);
  });

  it('respects chance() extremes, hits its probability, and validates it', () => {
    const prng = createPrng('chance');
    for (let index = 0; index < 100; index++) {
      expect(prng.chance(0)).toBe(false);
      expect(prng.chance(1)).toBe(true);
    }
    let hits = 0;
    for (let index = 0; index < 20_000; index++) if (prng.chance(0.3)) hits++;
    expect(Math.abs(hits / 20_000 - 0.3)).toBeLessThan(0.015);
    for (const bad of [-0.1, 1.5, Number.NaN]) expect(() => prng.chance(bad)).toThrow(/from 0 to 1/);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = createPrng('shuffle').shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shuffled).not.toBe(input);
    expect([...shuffled].sort((left, right) => left - right)).toEqual(input);
    expect(createPrng('shuffle').shuffle([])).toEqual([]);
  });

  it('gives all 6 orders of 3 items about equally often', () => {
    const prng = createPrng('orders');
    const counts = new Map<string, number>();
    for (let index = 0; index < 6000; index++) {
      const order = prng.shuffle(['a', 'b', 'c']).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // 5 degrees of freedom: 20.5 is the 0.1% critical value.
    expect(chiSquare([...counts.values()])).toBeLessThan(20.5);
  });

  it('chooses in proportion to the weights and never a zero weight', () => {
    const prng = createPrng('weighted');
    const counts = { never: 0, rare: 0, common: 0, last: 0 };
    const entries = [
      ['never', 0],
      ['rare', 1],
      ['common', 3],
      ['last', 0],
    ] as const;
    for (let index = 0; index < 20_000; index++) counts[prng.weighted(entries)]++;
    expect(counts.never).toBe(0);
    expect(counts.last).toBe(0);
    expect(Math.abs(counts.common / 20_000 - 0.75)).toBeLessThan(0.015);
  });

  it('explains bad weights', () => {
    const prng = createPrng('weights');
    expect(() => prng.weighted([])).toThrow(/sum to zero/);
    expect(() => prng.weighted([['a', 0]])).toThrow(/sum to zero/);
    expect(() =>
      prng.weighted([
        ['a', 1],
        ['b', -1],
      ]),
    ).toThrow(/entries\[1\] has weight -1/);
    expect(() => prng.weighted([['a', Number.NaN]])).toThrow(/finite/);
    expect(() => prng.weighted([['a', Number.POSITIVE_INFINITY]])).toThrow(/finite/);
  });
});

describe('sampleDistinct', () => {
  const names = Array.from({ length: 40 }, (_, index) => `name-${index}`);

  it('never returns the same item twice, over 2,000 seeds', () => {
    const known = new Set(names);
    const failures: string[] = [];
    for (let seed = 0; seed < 2000; seed++) {
      const drawn = createPrng(BigInt(seed)).sampleDistinct(names, 12);
      const valid =
        drawn.length === 12 && new Set(drawn).size === 12 && drawn.every((name) => known.has(name));
      if (!valid) failures.push(`seed ${seed}: ${drawn.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('handles count 0 and count equal to the length, leaving the input alone', () => {
    const input = ['a', 'b', 'c'];
    const prng = createPrng('edges');
    expect(prng.sampleDistinct(input, 0)).toEqual([]);
    expect([...prng.sampleDistinct(input, 3)].sort()).toEqual(['a', 'b', 'c']);
    expect(input).toEqual(['a', 'b', 'c']);
  });

  it('gives every item an equal chance of being drawn first', () => {
    const prng = createPrng('first');
    const counts = new Array<number>(10).fill(0);
    const items = Array.from({ length: 10 }, (_, index) => index);
    for (let index = 0; index < 20_000; index++) {
      const [first] = prng.sampleDistinct(items, 3);
      counts[first as number] = (counts[first as number] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(27.9);
  });

  it('throws a clear error when asked for more items than there are', () => {
    const error = errorOf(() => createPrng('short').sampleDistinct(['a', 'b', 'c'], 4));
    expect(error.message).toBe(
      'sampleDistinct(items, 4): asked for 4 distinct items but only 3 are available; add items or ask for fewer',
    );
  });

  it('refuses duplicates in the items, which would let two draws collide', () => {
    expect(() => createPrng('dupes').sampleDistinct(['a', 'b', 'a'], 2)).toThrow(/same value twice/);
  });

  it.each([-1, 1.5, Number.NaN])('refuses count %d', (count) => {
    expect(() => createPrng('count').sampleDistinct(['a'], count)).toThrow(/whole number >= 0/);
  });
});

describe('fork', () => {
  it('depends only on the seed and the label, not on draws so far', () => {
    const parent = createPrng('parent');
    const before = parent.fork('x').nextUint32();
    parent.next();
    parent.int(0, 99);
    expect(parent.fork('x').nextUint32()).toBe(before);
    expect(parent.fork('x').nextUint32()).not.toBe(parent.fork('y').nextUint32());
    expect(parent.nextUint32()).not.toBe(before);
  });

  it('reads seeds as paths', () => {
    expect(createPrng(5n).fork('a').seed).toBe('5/a');
    expect(mixedScript(createPrng(5n).fork('a').fork('b').seed)).toEqual(mixedScript('5/a/b'));
  });
});
