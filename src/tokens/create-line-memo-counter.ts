import { countTextTokens } from './count-text-tokens.js';
import { LruCache } from './lru-cache.js';
import type { TokenEncoding } from './types.js';

/** Most pieces a line-memo counter remembers. */
export const LINE_MEMO_CAPACITY = 100_000;

// Both encodings' pre-tokenisers end every piece that holds a newline at that newline or at the whitespace
// after it; none runs from a newline into a following non-space character. So a text split after each "\n"
// that is followed by a non-space counts the same piece by piece as whole, and a piece seen before is free.
const PIECE_END = /\n(?=\S)/g;

/**
 * Creates an exact text counter for long texts that change a little between counts (an artifact re-rendered
 * every drift cycle, a transcript rendered as text): the text is split into lines at points no token crosses,
 * and each line's count is remembered, so a text that grew by a few lines costs only those lines.
 * @example
 * const count = createLineMemoCounter();
 * count(cycle0Text); count(`${cycle0Text}\nuser: one more line`); // tokenises only the new line
 */
export function createLineMemoCounter(
  options: { encoding?: TokenEncoding; capacity?: number } = {},
): (text: string) => number {
  const encoding = options.encoding ?? 'cl100k_base';
  const memo = new LruCache<string, number>(options.capacity ?? LINE_MEMO_CAPACITY);
  const countPiece = (piece: string): number => {
    let tokens = memo.get(piece);
    if (tokens === undefined) {
      tokens = countTextTokens(piece, encoding);
      memo.set(piece, tokens);
    }
    return tokens;
  };
  return (text: string): number => {
    let total = 0;
    let start = 0;
    PIECE_END.lastIndex = 0;
    for (let match = PIECE_END.exec(text); match !== null; match = PIECE_END.exec(text)) {
      total += countPiece(text.slice(start, match.index + 1));
      start = match.index + 1;
    }
    return total + (start < text.length ? countPiece(text.slice(start)) : 0);
  };
}
