import { TextEncoder } from 'node:util';
/** Rank of every token of a byte-pair encoding: a string (its UTF-8 bytes) or the raw bytes when not UTF-8. */
export type TokenRanks = readonly (string | readonly number[])[];

const EMPTY_SLOT = -1;
// Odd multipliers: one for the polynomial hash of byte strings, one (the golden ratio) to spread it over slots.
const HASH_MULTIPLIER = 0x2545f491;
const SLOT_MULTIPLIER = 0x9e3779b1;

/**
 * Finds the rank of a byte sequence without building a string for it.
 *
 * A `Map<string, number>` lookup needs a fresh string per candidate pair (a UTF-8 decode plus hashing), which
 * was most of gpt-tokenizer's time on text it had not seen before. This is an open-addressing hash table over
 * raw bytes in typed arrays instead. Its hash is polynomial, so the caller can compute prefix hashes of a piece
 * once (`hashPrefixes`) and then hash any range of it in constant time: merging a long piece looks up many
 * long ranges.
 */
export class TokenTable {
  // Token `rank` occupies #bytes[#starts[rank] .. #starts[rank + 1]).
  readonly #bytes: Uint8Array;
  readonly #starts: Int32Array;
  // Each slot holds a rank, or EMPTY_SLOT; #slotHashes keeps its hash so most mismatches skip the byte compare.
  readonly #slots: Int32Array;
  readonly #slotHashes: Int32Array;
  readonly #slotShift: number;
  // #powers[length] = HASH_MULTIPLIER ** length, modulo 2 ** 32.
  readonly #powers: Int32Array;
  /** Byte length of the longest token; longer byte sequences are never tokens. */
  readonly maxTokenLength: number;
  /** Number of tokens; every rank is below it. */
  readonly rankCount: number;

  constructor(ranks: TokenRanks) {
    const encoder = new TextEncoder();
    let bytes = new Uint8Array(ranks.length * 8);
    const starts = new Int32Array(ranks.length + 1);
    let length = 0;
    let maxTokenLength = 0;
    for (let rank = 0; rank < ranks.length; rank++) {
      const token = ranks[rank] ?? '';
      const needed = length + (typeof token === 'string' ? token.length * 3 : token.length);
      if (needed > bytes.length) {
        const grown = new Uint8Array(Math.max(needed, bytes.length * 2));
        grown.set(bytes.subarray(0, length));
        bytes = grown;
      }
      if (typeof token === 'string') {
        length += encoder.encodeInto(token, bytes.subarray(length)).written;
      } else {
        bytes.set(token, length);
        length += token.length;
      }
      starts[rank + 1] = length;
      maxTokenLength = Math.max(maxTokenLength, length - starts[rank]!);
    }
    this.rankCount = ranks.length;
    this.#bytes = bytes.slice(0, length);
    this.#starts = starts;
    this.maxTokenLength = maxTokenLength;
    this.#powers = new Int32Array(maxTokenLength + 1);
    this.#powers[0] = 1;
    for (let power = 1; power <= maxTokenLength; power++) {
      this.#powers[power] = Math.imul(this.#powers[power - 1]!, HASH_MULTIPLIER);
    }

    // At most half full, so probe sequences stay short.
    let bits = 1;
    while (1 << bits < ranks.length * 2) bits++;
    this.#slotShift = 32 - bits;
    this.#slots = new Int32Array(1 << bits).fill(EMPTY_SLOT);
    this.#slotHashes = new Int32Array(1 << bits);
    const mask = (1 << bits) - 1;
    for (let rank = 0; rank < ranks.length; rank++) {
      let hash = 0;
      for (let index = starts[rank]!; index < starts[rank + 1]!; index++) {
        hash = (Math.imul(hash, HASH_MULTIPLIER) + this.#bytes[index]!) | 0;
      }
      let slot = Math.imul(hash, SLOT_MULTIPLIER) >>> this.#slotShift;
      while (this.#slots[slot] !== EMPTY_SLOT) slot = (slot + 1) & mask;
      this.#slots[slot] = rank;
      this.#slotHashes[slot] = hash;
    }
  }

  /** Writes the hash of `bytes[0 .. index)` to `prefixes[index]` for every index up to `length`. */
  hashPrefixes(bytes: Uint8Array, length: number, prefixes: Int32Array): void {
    let hash = 0;
    prefixes[0] = 0;
    for (let index = 0; index < length; index++) {
      hash = (Math.imul(hash, HASH_MULTIPLIER) + bytes[index]!) | 0;
      prefixes[index + 1] = hash;
    }
  }

  /** Rank of `bytes[start .. end)`, or -1 when those bytes are not a token; `prefixes` from `hashPrefixes`. */
  rankOf(bytes: Uint8Array, prefixes: Int32Array, start: number, end: number): number {
    const length = end - start;
    if (length > this.maxTokenLength) return -1;
    const hash = (prefixes[end]! - Math.imul(prefixes[start]!, this.#powers[length]!)) | 0;
    const mask = this.#slots.length - 1;
    for (let slot = Math.imul(hash, SLOT_MULTIPLIER) >>> this.#slotShift; ; slot = (slot + 1) & mask) {
      const rank = this.#slots[slot]!;
      if (rank === EMPTY_SLOT) return -1;
      if (this.#slotHashes[slot] !== hash) continue;
      const tokenStart = this.#starts[rank]!;
      if (this.#starts[rank + 1]! - tokenStart !== length) continue;
      const tokenBytes = this.#bytes;
      let offset = 0;
      while (offset < length && tokenBytes[tokenStart + offset] === bytes[start + offset]) offset++;
      if (offset === length) return rank;
    }
  }
}
