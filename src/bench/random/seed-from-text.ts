import { createHash } from 'node:crypto';

/**
 * The first 8 bytes of SHA-256 of `text` (UTF-8), read as an unsigned big-endian 64-bit integer.
 * Every seed of the benchmark is derived this way, so any of them can be recomputed with `sha256sum`.
 *
 * @example
 * seedFromText('starter@1/buried_constraint@1:default:0'); // a bigint in [0, 2^64)
 */
export function seedFromText(text: string): bigint {
  return createHash('sha256').update(text, 'utf8').digest().readBigUInt64BE(0);
}
