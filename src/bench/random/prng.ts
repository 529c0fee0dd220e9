import { createHash } from 'node:crypto';
import { ValidationError } from '../../errors.js';
import { multiplyUint32 } from './multiply-uint32.js';

/** A seeded random source. Same seed, same sequence, on every machine and Node version. */
export interface Prng {
  /** The seed as text: a string seed as given, a bigint seed in decimal. Forks extend it with `/label`. */
  readonly seed: string;
  /** The next raw output: an unsigned 32-bit integer. Every other method is built on this stream. */
  nextUint32(): number;
  /** A float in [0, 1) with 32 bits of randomness: `nextUint32() / 2^32`. */
  next(): number;
  /** A uniform integer in [min, max], both ends included, without modulo bias. At most 2^32 values. */
  int(min: number, max: number): number;
  /** One element of a non-empty array, each equally likely. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `probability` (0 never, 1 always). Always consumes one output. */
  chance(probability: number): boolean;
  /** A uniformly shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** One value, chosen with probability proportional to its non-negative weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` elements drawn without replacement, in draw order; never the same element twice. */
  sampleDistinct<T>(items: readonly T[], count: number): T[];
  /** An independent generator whose stream depends only on this seed and `label`, not on draws so far. */
  fork(label: string): Prng;
}

/** 2^32, the number of distinct raw outputs. */
const UINT32_RANGE = 0x1_0000_0000;

/** 2^64: bigint seeds are unsigned 64-bit integers, like the results of caseSeed. */
const SEED_LIMIT = 1n << 64n;

// A lone UTF-16 surrogate is encoded as U+FFFD, so two different seeds would give one stream.
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Creates a seeded generator: sfc32, its four 32-bit state words taken from the first 16 bytes
 * (big-endian) of SHA-256 of the seed text, then 15 outputs discarded. A bigint seed's text is its decimal
 * form, so `createPrng(42n)` and `createPrng('42')` are the same generator on purpose. sfc32 uses only
 * 32-bit integer arithmetic, so results never depend on the platform; Math.random is never used.
 *
 * @example
 * const prng = createPrng(variableSeed(caseSeed(input), 'owner'));
 * const [owner, reviewer] = prng.sampleDistinct(names, 2);
 */
export function createPrng(seed: bigint | string): Prng {
  return createFromText(seedText(seed));
}

function seedText(seed: unknown): string {
  if (typeof seed === 'bigint') {
    if (seed >= 0n && seed < SEED_LIMIT) return seed.toString(10);
    fail('createPrng(seed)', `a bigint seed must be from 0 to 2^64 - 1, got ${seed}n`);
  }
  if (typeof seed !== 'string') {
    fail('createPrng(seed)', `pass a bigint or a string, got ${typeof seed}`);
  }
  if (LONE_SURROGATE.test(seed)) {
    fail('createPrng(seed)', 'the seed contains a lone UTF-16 surrogate, which has no UTF-8 form');
  }
  return seed;
}

function createFromText(seed: string): Prng {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let a = digest.readUInt32BE(0);
  let b = digest.readUInt32BE(4);
  let c = digest.readUInt32BE(8);
  let d = digest.readUInt32BE(12);

  const nextUint32 = (): number => {
    const result = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + result) | 0;
    return result >>> 0;
  };
  // The first outputs of sfc32 still correlate with the seed words; discard them.
  for (let round = 0; round < 15; round++) nextUint32();

  const next = (): number => nextUint32() / UINT32_RANGE;

  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      fail(`int(${min}, ${max})`, 'pass two safe integers with min <= max');
    }
    const range = max - min + 1;
    if (range > UINT32_RANGE) {
      fail(`int(${min}, ${max})`, `at most 2^32 values fit in one draw, got ${range}; split the range`);
    }
    if (range === UINT32_RANGE) return min + nextUint32();
    // Lemire's method: the high word of output * range is the candidate. Rejecting the few outputs whose
    // low word falls under 2^32 mod range leaves every candidate exactly equally likely.
    const threshold = (UINT32_RANGE - range) % range;
    for (;;) {
      const { high, low } = multiplyUint32(nextUint32(), range);
      if (low >= threshold) return min + high;
    }
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) fail('pick(items)', 'the array is empty; pass at least one item');
    return items[int(0, items.length - 1)] as T;
  };

  const chance = (probability: number): boolean => {
    if (!(probability >= 0 && probability <= 1)) {
      fail(`chance(${probability})`, 'the probability must be a number from 0 to 1');
    }
    return next() < probability;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = int(0, index);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let total = 0;
    for (const [index, [, weight]] of entries.entries()) {
      if (!(Number.isFinite(weight) && weight >= 0)) {
        fail('weighted(entries)', `entries[${index}] has weight ${weight}; weights must be finite and >= 0`);
      }
      total += weight;
    }
    if (total <= 0) fail('weighted(entries)', 'the weights sum to zero; give one entry a positive weight');
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    // Rounding can leave a sliver of roll; it belongs to the last entry with a positive weight.
    return entries.findLast(([, weight]) => weight > 0)?.[0] as T;
  };

  const sampleDistinct = <T>(items: readonly T[], count: number): T[] => {
    const where = `sampleDistinct(items, ${count})`;
    if (!Number.isSafeInteger(count) || count < 0) fail(where, 'count must be a whole number >= 0');
    if (count > items.length) {
      fail(
        where,
        `asked for ${count} distinct items but only ${items.length} are available; add items or ask for fewer`,
      );
    }
    // Distinct positions are not enough: a repeated value would let two variables collide.
    if (new Set(items).size !== items.length) {
      fail(where, 'items contains the same value twice; remove the duplicates so draws cannot collide');
    }
    // A partial Fisher–Yates shuffle: only the first `count` positions are settled.
    const copy = [...items];
    for (let index = 0; index < count; index++) {
      const other = int(index, copy.length - 1);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy.slice(0, count);
  };

  const fork = (label: string): Prng => {
    if (typeof label !== 'string') fail('fork(label)', `pass a string label, got ${typeof label}`);
    // Seeds read as paths: fork('a').fork('b') is the same stream as fork('a/b').
    return createFromText(seedText(`${seed}/${label}`));
  };

  return { seed, nextUint32, next, int, pick, chance, shuffle, weighted, sampleDistinct, fork };
}

function fail(where: string, message: string): never {
  throw new ValidationError([{ where, message }]);
}
