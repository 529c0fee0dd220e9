/**
 * Which lines a cache has seen, approximately: one bit per hash of a line. A line reported unseen was not
 * seen since the last reset; a line reported seen may not have been (two lines can share a bit), which only
 * lets it into the cache one sighting early. Clears itself once an eighth of its bits are set, so that stays
 * rare. Holds no strings: remembering a line costs no memory and no garbage.
 */
export interface SeenLines {
  /** Whether `line` was seen before; notes it as seen. */
  check(line: string): boolean;
}

// How many characters of a line the hash reads, evenly spread: reading characters one by one here costs more
// than a `Map` look-up of the whole line, and a collision only lets a line into the cache one sighting early.
const HASHED_CHARACTERS = 24;

/** A set of `2 ** bitsLog2` bits, all clear. */
export function createSeenLines(bitsLog2 = 21): SeenLines {
  const bits = new Int32Array(2 ** (bitsLog2 - 5));
  const mask = 2 ** bitsLog2 - 1;
  const resetAt = 2 ** (bitsLog2 - 3);
  let set = 0;
  return {
    check(line) {
      const hash = hashLine(line) & mask;
      const word = hash >>> 5;
      const bit = 1 << (hash & 31);
      const current = bits[word] as number;
      if ((current & bit) !== 0) return true;
      if (set >= resetAt) {
        bits.fill(0);
        set = 0;
      }
      bits[word] = (bits[word] as number) | bit;
      set++;
      return false;
    },
  };
}

/** FNV-1a over the line's length, `HASHED_CHARACTERS` of its characters spread along it, and its last one. */
function hashLine(line: string): number {
  const length = line.length;
  let hash = Math.imul(0x811c9dc5 ^ length, 0x01000193);
  if (length === 0) return hash >>> 0;
  const step = Math.max(1, length / HASHED_CHARACTERS);
  for (let offset = 0; offset < length; offset += step) {
    hash = Math.imul(hash ^ line.charCodeAt(offset | 0), 0x01000193);
  }
  hash = Math.imul(hash ^ line.charCodeAt(length - 1), 0x01000193);
  // Fold the high bits in: the mask keeps only the low ones.
  return (hash ^ (hash >>> 16)) >>> 0;
}
