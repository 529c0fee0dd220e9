import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedFromText } from '../../../src/bench/random/seed-from-text.js';

describe('seedFromText', () => {
  it('reads the first 8 bytes of SHA-256 as a big-endian unsigned integer', () => {
    // printf '%s' 'abc' | sha256sum  ->  ba7816bf8f01cfea...
    expect(seedFromText('abc')).toBe(0xba7816bf8f01cfean);
  });

  it('hashes the UTF-8 bytes of the text', () => {
    const text = 'naïve 名前 🎲';
    const digest = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
    expect(seedFromText(text)).toBe(BigInt(`0x${digest.slice(0, 16)}`));
  });

  it('stays within [0, 2^64)', () => {
    for (let index = 0; index < 200; index++) {
      const seed = seedFromText(`seed ${index}`);
      expect(seed).toBeGreaterThanOrEqual(0n);
      expect(seed).toBeLessThan(1n << 64n);
    }
  });
});
