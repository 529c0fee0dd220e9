import { createRequire } from 'node:module';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { ValidationError } from '../errors.js';
import { createBytePairCounter, type PlainTextCounter } from './create-byte-pair-counter.js';
import { type TokenRanks, TokenTable } from './token-table.js';
import type { TokenEncoding } from './types.js';

// Rank tables are loaded on first use because they are large (loading and indexing takes ~0.1 s for cl100k_base,
// ~0.2 s for o200k_base) and many programs that import compactkit never count tokens, or never with o200k_base.
// `require` is the only synchronous way to load a module on demand from an ES module.
const requireFromHere = createRequire(import.meta.url);
const loadedCounters = new Map<TokenEncoding, PlainTextCounter>();

// gpt-tokenizer's tables and pre-tokenizer patterns; the byte-pair merging is ours (see createBytePairCounter).
const ENCODINGS: Record<TokenEncoding, { ranksModule: string; splitPattern: RegExp }> = {
  cl100k_base: { ranksModule: 'gpt-tokenizer/bpeRanks/cl100k_base', splitPattern: CL100K_TOKEN_SPLIT_REGEX },
  o200k_base: { ranksModule: 'gpt-tokenizer/bpeRanks/o200k_base', splitPattern: O200K_TOKEN_SPLIT_REGEX },
};

/** Returns the byte-pair counter of an encoding, loading its rank table on first use. */
export function loadPlainTextCounter(encoding: TokenEncoding): PlainTextCounter {
  const loaded = loadedCounters.get(encoding);
  if (loaded) return loaded;
  const source = ENCODINGS[encoding];
  if (source === undefined) {
    throw new ValidationError([
      {
        where: 'encoding',
        message: `unknown token encoding "${String(encoding)}"; use 'cl100k_base' or 'o200k_base'`,
      },
    ]);
  }
  const ranksModule: { default: TokenRanks } = requireFromHere(source.ranksModule);
  const counter = createBytePairCounter(new TokenTable(ranksModule.default), source.splitPattern);
  loadedCounters.set(encoding, counter);
  return counter;
}
