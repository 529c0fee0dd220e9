import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplyUint32 } from '../../../src/bench/random/multiply-uint32.js';

const exact = (left: number, right: number) => {
  const product = BigInt(left) * BigInt(right);
  return { high: Number(product >> 32n), low: Number(product & 0xffffffffn) };
};

describe('multiplyUint32', () => {
  it('gives the exact 64-bit product at the edges', () => {
    const edges = [0, 1, 2, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
    for (const left of edges) {
      for (const right of edges) expect(multiplyUint32(left, right)).toEqual(exact(left, right));
    }
  });

  it('agrees with BigInt for any two unsigned 32-bit integers', () => {
    const uint32 = fc.integer({ min: 0, max: 0xffffffff });
    fc.assert(
      fc.property(uint32, uint32, (left, right) => {
        expect(multiplyUint32(left, right)).toEqual(exact(left, right));
      }),
      { numRuns: 5000 },
    );
  });
});
