import { type BucketMergeState, countByBuckets } from './count-by-buckets.js';
import type { TokenTable } from './token-table.js';

const NO_MERGE = 0x7fffffff;
const DEAD = -1;
// Heap keys are `rank * START_LIMIT + start`, exact in a double for any rank below 2 ** 32.
const START_LIMIT = 2 ** 20;

/** Pieces up to this many bytes are merged by scanning for the best pair; longer ones use a heap. */
export const HEAP_MERGE_THRESHOLD = 48;

/** Pieces longer than this many bytes are merged with a queue of buckets by rank instead of a heap. */
export const BUCKET_MERGE_THRESHOLD = 4096;

// Merged counts of recent pieces up to CACHED_PIECE_LENGTH bytes, in a direct-mapped cache: a piece's hash
// picks its one slot, and a newer piece with the same slot replaces it. No allocation per piece and no strings
// kept alive; indentation, identifiers and rarer words recur often enough to make merging rare on warm text.
const CACHE_SLOTS = 16_384;
const CACHED_PIECE_LENGTH = 32;
const CACHE_SLOT_SHIFT = 32 - Math.log2(CACHE_SLOTS);
const SLOT_MULTIPLIER = 0x9e3779b1;

/**
 * Counts the tokens byte-pair encoding makes of one piece of UTF-8 bytes, the way tiktoken merges: always the
 * adjacent pair whose bytes have the lowest rank, the leftmost one on ties, until no pair is a token.
 *
 * Three ways to find that pair, all giving the same merges: short pieces (nearly all of them) scan every pair
 * each step, which is quadratic but has the smallest constant; medium pieces keep candidate pairs in a binary
 * heap; long pieces (an unbroken run of letters, CJK text without punctuation, a megabyte of spaces) keep them
 * in buckets by rank, which makes merging linear in the piece's length plus the number of ranks.
 */
export class BytePairMerger {
  readonly #table: TokenTable;
  readonly #heapThreshold: number;
  #bytes = new Uint8Array(0);
  // Hashes of every prefix of the piece, so any range hashes in constant time.
  #prefixes = new Int32Array(0);
  // Scan merging: start of each part and the rank of merging it with the next.
  #partStarts = new Int32Array(0);
  #pairRanks = new Int32Array(0);
  // Heap merging: parts as a linked list over their start offsets, and candidate pairs in a binary heap.
  #partEnds = new Int32Array(0);
  #partPrevious = new Int32Array(0);
  #heapKeys = new Float64Array(0);
  #heapEnds = new Int32Array(0);
  // Cache slots: length 0 marks an empty slot.
  readonly #cachedLengths = new Int32Array(CACHE_SLOTS);
  readonly #cachedHashes = new Int32Array(CACHE_SLOTS);
  readonly #cachedCounts = new Int32Array(CACHE_SLOTS);
  readonly #cachedBytes = new Uint8Array(CACHE_SLOTS * CACHED_PIECE_LENGTH);
  // The last longer piece: long pieces often repeat back to back (deep indentation, rules of '=' or '-').
  #lastLongBytes = new Uint8Array(0);
  #lastLongLength = 0;
  #lastLongCount = 0;

  constructor(table: TokenTable, heapThreshold = HEAP_MERGE_THRESHOLD) {
    this.#table = table;
    this.#heapThreshold = heapThreshold;
    this.reserve(1024);
  }

  /** The buffer a piece's bytes are written to before `isSingleToken`; valid until the next `reserve`. */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** Makes `bytes` hold at least `size` bytes. */
  reserve(size: number): void {
    if (size <= this.#bytes.length) return;
    const capacity = Math.max(size, this.#bytes.length * 2);
    this.#bytes = new Uint8Array(capacity);
    this.#prefixes = new Int32Array(capacity + 1);
    this.#partStarts = new Int32Array(capacity + 1);
    this.#pairRanks = new Int32Array(capacity + 1);
    this.#partEnds = new Int32Array(capacity);
    this.#partPrevious = new Int32Array(capacity);
    // Each merge adds at most two candidates to the first `capacity - 1`; longer pieces never use the heap.
    const heapCapacity = Math.min(capacity, BUCKET_MERGE_THRESHOLD) * 3;
    if (heapCapacity > this.#heapKeys.length) {
      this.#heapKeys = new Float64Array(heapCapacity);
      this.#heapEnds = new Int32Array(heapCapacity);
    }
  }

  /**
   * True when the piece in `bytes[0 .. length)` is one token without merging: a single byte (every byte is a
   * token) or, unless `lookUpWhole` is false, a token as a whole. Must precede `countMerged`.
   */
  isSingleToken(length: number, lookUpWhole = true): boolean {
    if (length === 1) return true;
    this.#table.hashPrefixes(this.#bytes, length, this.#prefixes);
    return lookUpWhole && this.#table.rankOf(this.#bytes, this.#prefixes, 0, length) !== -1;
  }

  /** Tokens that merging makes of the piece last passed to `isSingleToken`. */
  countMerged(length: number): number {
    if (length > CACHED_PIECE_LENGTH) return this.#countLong(length);
    const hash = this.#prefixes[length]!;
    const slot = Math.imul(hash, SLOT_MULTIPLIER) >>> CACHE_SLOT_SHIFT;
    const bytes = this.#bytes;
    const cachedBytes = this.#cachedBytes;
    const offset = slot * CACHED_PIECE_LENGTH;
    if (this.#cachedLengths[slot] === length && this.#cachedHashes[slot] === hash) {
      let index = 0;
      while (index < length && cachedBytes[offset + index] === bytes[index]) index++;
      if (index === length) return this.#cachedCounts[slot]!;
    }
    const count = this.#merge(length);
    cachedBytes.set(bytes.subarray(0, length), offset);
    this.#cachedLengths[slot] = length;
    this.#cachedHashes[slot] = hash;
    this.#cachedCounts[slot] = count;
    return count;
  }

  #countLong(length: number): number {
    const bytes = this.#bytes;
    const last = this.#lastLongBytes;
    if (this.#lastLongLength === length) {
      let index = 0;
      while (index < length && last[index] === bytes[index]) index++;
      if (index === length) return this.#lastLongCount;
    }
    const count = this.#merge(length);
    if (last.length < length) this.#lastLongBytes = new Uint8Array(bytes.length);
    this.#lastLongBytes.set(bytes.subarray(0, length));
    this.#lastLongLength = length;
    this.#lastLongCount = count;
    return count;
  }

  #merge(length: number): number {
    if (length > BUCKET_MERGE_THRESHOLD) return countByBuckets(length, this.#bucketState());
    return length > this.#heapThreshold ? this.#countByHeap(length) : this.#countByScan(length);
  }

  #bucketState(): BucketMergeState {
    return { rank: (start, end) => this.#rank(start, end), rankCount: this.#table.rankCount };
  }

  #rank(start: number, end: number): number {
    const rank = this.#table.rankOf(this.#bytes, this.#prefixes, start, end);
    return rank === -1 ? NO_MERGE : rank;
  }

  #countByScan(length: number): number {
    const starts = this.#partStarts;
    const ranks = this.#pairRanks;
    for (let index = 0; index <= length; index++) starts[index] = index;
    for (let index = 0; index < length - 1; index++) ranks[index] = this.#rank(index, index + 2);
    ranks[length - 1] = NO_MERGE;
    let parts = length;
    while (parts > 1) {
      let lowest = NO_MERGE;
      let at = -1;
      for (let index = 0; index < parts - 1; index++) {
        if (ranks[index]! < lowest) {
          lowest = ranks[index]!;
          at = index;
        }
      }
      if (at === -1) break;
      // Parts `at` and `at + 1` become one: drop the start of `at + 1` and the rank of the pair it began.
      // Plain loops: pieces here are short, and a native copyWithin call costs more than the copying.
      for (let index = at + 1; index < parts; index++) {
        starts[index] = starts[index + 1]!;
        ranks[index] = ranks[index + 1]!;
      }
      parts--;
      ranks[at] = at + 1 < parts ? this.#rank(starts[at]!, starts[at + 2]!) : NO_MERGE;
      if (at > 0) ranks[at - 1] = this.#rank(starts[at - 1]!, starts[at + 1]!);
    }
    return parts;
  }

  #countByHeap(length: number): number {
    const ends = this.#partEnds;
    const previous = this.#partPrevious;
    const keys = this.#heapKeys;
    const heapEnds = this.#heapEnds;
    let size = 0;
    // A candidate pair's key orders it by rank, then by start, so equal ranks merge leftmost first.
    const push = (rank: number, start: number, end: number): void => {
      if (rank === NO_MERGE) return;
      const key = rank * START_LIMIT + start;
      let index = size++;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (keys[parent]! <= key) break;
        keys[index] = keys[parent]!;
        heapEnds[index] = heapEnds[parent]!;
        index = parent;
      }
      keys[index] = key;
      heapEnds[index] = end;
    };
    const pop = (): void => {
      const key = keys[--size]!;
      const end = heapEnds[size]!;
      let index = 0;
      for (;;) {
        let child = index * 2 + 1;
        if (child >= size) break;
        if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
        if (keys[child]! >= key) break;
        keys[index] = keys[child]!;
        heapEnds[index] = heapEnds[child]!;
        index = child;
      }
      keys[index] = key;
      heapEnds[index] = end;
    };

    for (let start = 0; start < length; start++) {
      ends[start] = start + 1;
      previous[start] = start - 1;
    }
    for (let start = 0; start < length - 1; start++) push(this.#rank(start, start + 2), start, start + 2);
    let parts = length;
    while (size > 0) {
      const start = keys[0]! % START_LIMIT;
      const end = heapEnds[0]!;
      pop();
      // A candidate is stale once either of its parts has merged with something else.
      const middle = ends[start]!;
      if (middle === DEAD || middle >= end || ends[middle] !== end) continue;
      ends[start] = end;
      ends[middle] = DEAD;
      if (end < length) previous[end] = start;
      parts--;
      const before = previous[start]!;
      if (before !== -1) push(this.#rank(before, end), before, end);
      if (end < length) push(this.#rank(start, ends[end]!), start, ends[end]!);
    }
    return parts;
  }
}
