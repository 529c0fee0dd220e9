const NO_ENTRY = -1;
const DEAD = -1;

/** What bucket merging needs from the merger: the rank of a byte range of the piece, and how many ranks exist. */
export interface BucketMergeState {
  /** Rank of `bytes[start .. end)` of the piece, or a value of at least `rankCount` when it is not a token. */
  rank(start: number, end: number): number;
  readonly rankCount: number;
}

/**
 * Counts the tokens of a long piece by merging candidate pairs taken from buckets, one bucket per rank.
 *
 * Byte-pair encoding always merges the pair of lowest rank, leftmost on ties. With a heap that choice costs a
 * logarithm per step. Here every candidate waits in the bucket of its rank, and buckets are emptied in rank
 * order, each in order of position, which gives the same sequence of merges in time linear in the piece plus the
 * number of ranks (a bucket is sorted only when merges filled it out of order): in a trained vocabulary the pair
 * a merge creates always ranks above the merge itself, so an emptied bucket never refills.
 * A vocabulary where that fails is still merged exactly: a candidate ranked at or below the bucket being
 * emptied goes to a small heap that is consulted first.
 */
export function countByBuckets(length: number, state: BucketMergeState): number {
  const { rank, rankCount } = state;
  const ends = new Int32Array(length);
  const previous = new Int32Array(length);
  for (let start = 0; start < length; start++) {
    ends[start] = start + 1;
    previous[start] = start - 1;
  }
  // Candidates: each records the pair's start and end; the end tells a stale candidate from a live one.
  const capacity = length * 3;
  const entryStarts = new Int32Array(capacity);
  const entryEnds = new Int32Array(capacity);
  const entryNext = new Int32Array(capacity);
  // Each bucket is a first-in first-out list: merges that run left to right fill the next buckets in order.
  const heads = new Int32Array(rankCount).fill(NO_ENTRY);
  const tails = new Int32Array(rankCount);
  let entries = 0;
  const late = new LateCandidates();
  let current = -1;

  const add = (pairRank: number, start: number, end: number): void => {
    if (pairRank >= rankCount) return;
    if (pairRank <= current) {
      late.push(pairRank, start, end);
      return;
    }
    entryStarts[entries] = start;
    entryEnds[entries] = end;
    entryNext[entries] = NO_ENTRY;
    if (heads[pairRank] === NO_ENTRY) heads[pairRank] = entries;
    else entryNext[tails[pairRank]!] = entries;
    tails[pairRank] = entries++;
  };
  for (let start = 0; start < length - 1; start++) add(rank(start, start + 2), start, start + 2);

  let parts = length;
  const merge = (start: number, end: number): void => {
    // A candidate is stale once either of its parts has merged with something else.
    const middle = ends[start]!;
    if (middle === DEAD || middle >= end || ends[middle] !== end) return;
    ends[start] = end;
    ends[middle] = DEAD;
    if (end < length) previous[end] = start;
    parts--;
    const before = previous[start]!;
    if (before !== -1) add(rank(before, end), before, end);
    if (end < length) add(rank(start, ends[end]!), start, ends[end]!);
  };

  let bucket: Int32Array<ArrayBuffer> = new Int32Array(64);
  for (current = 0; current < rankCount; current++) {
    let size = 0;
    for (let entry = heads[current]!; entry !== NO_ENTRY; entry = entryNext[entry]!) {
      if (size === bucket.length) bucket = grow(bucket);
      bucket[size++] = entry;
    }
    if (size > 1 && !inOrder(bucket, size, entryStarts)) sortByStart(bucket, size, entryStarts);
    for (let index = 0; index < size; index++) {
      const entry = bucket[index]!;
      const start = entryStarts[entry]!;
      while (late.size > 0 && late.isBefore(current, start)) late.popInto(merge);
      merge(start, entryEnds[entry]!);
    }
    while (late.size > 0) late.popInto(merge);
  }
  return parts;
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

function inOrder(bucket: Int32Array, size: number, starts: Int32Array): boolean {
  for (let index = 1; index < size; index++) {
    if (starts[bucket[index]!]! < starts[bucket[index - 1]!]!) return false;
  }
  return true;
}

// Keys `start * 2 ** 24 + position` sort as numbers; exact in a double while starts stay below 2 ** 29.
const POSITION_LIMIT = 2 ** 24;

function sortByStart(bucket: Int32Array, size: number, starts: Int32Array): void {
  if (size >= POSITION_LIMIT || starts.length >= 2 ** 29) {
    bucket.set(Array.from(bucket.subarray(0, size)).sort((left, right) => starts[left]! - starts[right]!));
    return;
  }
  const keys = new Float64Array(size);
  for (let position = 0; position < size; position++) {
    keys[position] = starts[bucket[position]!]! * POSITION_LIMIT + position;
  }
  keys.sort();
  const entries = bucket.slice(0, size);
  for (let position = 0; position < size; position++)
    bucket[position] = entries[keys[position]! % POSITION_LIMIT]!;
}

/** A binary heap of candidates ordered by rank, then start: the rare pairs that rank at or below the bucket. */
class LateCandidates {
  #ranks: number[] = [];
  #starts: number[] = [];
  #ends: number[] = [];

  get size(): number {
    return this.#ranks.length;
  }

  /** True when the heap's first candidate merges before a pair of `pairRank` at `start`. */
  isBefore(pairRank: number, start: number): boolean {
    const topRank = this.#ranks[0]!;
    return topRank < pairRank || (topRank === pairRank && this.#starts[0]! < start);
  }

  push(pairRank: number, start: number, end: number): void {
    this.#ranks.push(pairRank);
    this.#starts.push(start);
    this.#ends.push(end);
    let index = this.#ranks.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.#less(index, parent)) break;
      this.#swap(index, parent);
      index = parent;
    }
  }

  /** Removes the first candidate and hands it to `merge`. */
  popInto(merge: (start: number, end: number) => void): void {
    const start = this.#starts[0]!;
    const end = this.#ends[0]!;
    const last = this.#ranks.length - 1;
    this.#swap(0, last);
    this.#ranks.pop();
    this.#starts.pop();
    this.#ends.pop();
    let index = 0;
    for (;;) {
      let child = index * 2 + 1;
      if (child >= last) break;
      if (child + 1 < last && this.#less(child + 1, child)) child++;
      if (!this.#less(child, index)) break;
      this.#swap(index, child);
      index = child;
    }
    merge(start, end);
  }

  #less(left: number, right: number): boolean {
    const leftRank = this.#ranks[left]!;
    const rightRank = this.#ranks[right]!;
    return leftRank < rightRank || (leftRank === rightRank && this.#starts[left]! < this.#starts[right]!);
  }

  #swap(left: number, right: number): void {
    for (const array of [this.#ranks, this.#starts, this.#ends]) {
      const value = array[left]!;
      array[left] = array[right]!;
      array[right] = value;
    }
  }
}
