import { describe, expect, it } from 'vitest';
import { buryInToolOutput, FILLER_BANNED_WORDS } from '../../../src/bench/filler/index.js';
import { containsNormalized, normalizeMatchText } from '../../../src/bench/lexicon/index.js';
import { createPrng } from '../../../src/bench/random/index.js';
import { ValidationError } from '../../../src/errors.js';
import { countTextTokens } from '../../../src/tokens/index.js';

const KEY = 'FAIL src/ledger.test.ts\nrelation "ledger_entries" does not exist';

function bury(seed: string, targetTokens: number, avoid: readonly string[] = [], keyText = KEY): string {
  return buryInToolOutput({ prng: createPrng(seed), keyText, targetTokens, avoid });
}

describe('buryInToolOutput', () => {
  it('is deterministic', () => {
    expect(bury('same', 1500)).toBe(bury('same', 1500));
    expect(bury('other', 1500)).not.toBe(bury('same', 1500));
  });

  it('puts the key text verbatim on its own lines, between 20% and 80% of the way through', () => {
    const shares: number[] = [];
    for (let seed = 0; seed < 60; seed++) {
      const output = bury(`position-${seed}`, 1500);
      const at = output.indexOf(KEY);
      expect(at).toBeGreaterThan(0);
      expect(output[at - 1]).toBe('\n');
      expect(output[at + KEY.length]).toBe('\n');
      const share = at / (output.length - KEY.length);
      expect(share).toBeGreaterThanOrEqual(0.2);
      expect(share).toBeLessThanOrEqual(0.8);
      shares.push(share);
    }
    // The position is seeded, not fixed.
    expect(Math.max(...shares) - Math.min(...shares)).toBeGreaterThan(0.3);
  });

  // A few hundred tokens are a handful of log lines or test results, so the smallest size is rougher.
  it.each([
    [300, 0.25],
    [1500, 0.15],
    [6000, 0.15],
    [20000, 0.15],
  ])('surrounds the key text with about %i tokens', (targetTokens, tolerance) => {
    for (let seed = 0; seed < 12; seed++) {
      const output = bury(`size-${targetTokens}-${seed}`, targetTokens);
      const surrounding = countTextTokens(output.replace(`${KEY}\n`, ''));
      expect(Math.abs(surrounding / targetTokens - 1), `seed ${seed}`).toBeLessThan(tolerance);
    }
  });

  it('returns the key text alone for a zero budget', () => {
    expect(bury('zero', 0)).toBe(KEY);
  });

  it('keeps avoided values and cue words out of the surrounding output', () => {
    const avoid = ['ledger_entries', '8443', 'Tuesday', '14:30', 'invoice'];
    const banned = FILLER_BANNED_WORDS.map(normalizeMatchText);
    for (let seed = 0; seed < 40; seed++) {
      const output = bury(`clean-${seed}`, 2000, avoid);
      const surrounding = normalizeMatchText(output.replace(KEY, '\n'));
      for (const value of [...avoid.map(normalizeMatchText), ...banned]) {
        expect(containsNormalized(surrounding, value), `seed ${seed}: ${value}`).toBe(false);
      }
    }
  });

  it('rejects bad options', () => {
    expect(() =>
      buryInToolOutput({ prng: createPrng('x'), keyText: 'k', targetTokens: -5, avoid: [] }),
    ).toThrow(ValidationError);
  });
});
