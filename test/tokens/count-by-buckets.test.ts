import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countByBuckets } from '../../src/tokens/count-by-buckets.js';

// The textbook merge: repeatedly find the adjacent pair of lowest rank, leftmost on ties, and join it.
function naiveCount(bytes: number[], rankOf: (text: string) => number | undefined): number {
  let parts = bytes.map((byte) => String.fromCharCode(byte));
  for (;;) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let index = 0; index < parts.length - 1; index++) {
      const rank = rankOf(parts[index]! + parts[index + 1]!);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = index;
      }
    }
    if (best === -1) return parts.length;
    parts = [...parts.slice(0, best), parts[best]! + parts[best + 1]!, ...parts.slice(best + 2)];
  }
}

function bucketCount(bytes: number[], vocabulary: Map<string, number>, rankCount: number): number {
  const text = bytes.map((byte) => String.fromCharCode(byte)).join('');
  return countByBuckets(bytes.length, {
    rankCount,
    rank: (start, end) => vocabulary.get(text.slice(start, end)) ?? rankCount,
  });
}

// A vocabulary over a tiny alphabet whose ranks are shuffled, so merges often create pairs that rank below
// the merge that made them: the order a trained vocabulary never has, which the late-candidate heap handles.
const vocabularies = fc
  .uniqueArray(fc.stringMatching(/^[abc]{2,5}$/), { minLength: 1, maxLength: 40 })
  .chain((tokens) =>
    fc
      .shuffledSubarray(
        tokens.map((_, index) => index),
        { minLength: tokens.length, maxLength: tokens.length },
      )
      .map((ranks) => new Map(tokens.map((token, index) => [token, ranks[index]!]))),
  );
const inputs = fc.array(fc.constantFrom(97, 98, 99), { minLength: 1, maxLength: 300 });

describe('countByBuckets', () => {
  it('merges exactly as the textbook algorithm, even when ranks are not ordered by merge', () => {
    fc.assert(
      fc.property(vocabularies, inputs, (vocabulary, bytes) => {
        const expected = naiveCount(bytes, (text) => vocabulary.get(text));
        expect(bucketCount(bytes, vocabulary, vocabulary.size)).toBe(expected);
      }),
      { numRuns: 400, seed: 3 },
    );
  });

  it('merges overlapping pairs of one rank leftmost first', () => {
    const vocabulary = new Map([['aa', 0]]);
    // "aaa" is (aa)(a): two parts, never (a)(aa) merged twice.
    expect(bucketCount([97, 97, 97], vocabulary, 1)).toBe(2);
    expect(bucketCount([97, 97, 97, 97, 97], vocabulary, 1)).toBe(3);
  });
});
