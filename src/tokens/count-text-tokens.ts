import { loadPlainTextCounter } from './load-plain-text-counter.js';
import type { TokenEncoding } from './types.js';

/**
 * Exact token count of plain text.
 *
 * Text that looks like a special token (`<|endoftext|>`, `<|im_start|>` ...) is counted as the ordinary text it
 * is, never as the special token and never with an error.
 *
 * Counts come from gpt-tokenizer's rank tables and pre-tokenizer patterns with our own byte-pair merging (see
 * `createBytePairCounter`), which tests hold equal to gpt-tokenizer's `countTokens` on any input. Every
 * pre-tokenizer piece is merged whole, so nothing is approximated: a megabyte-long unbroken run of letters, CJK
 * characters or spaces is one piece, merged in linear time (see `countByBuckets`).
 *
 * @example countTextTokens('hello world') // 2
 */
export function countTextTokens(text: string, encoding: TokenEncoding = 'cl100k_base'): number {
  const countPlain = loadPlainTextCounter(encoding);
  return text.length === 0 ? 0 : countPlain(text);
}
