import { ValidationError } from '../../errors.js';
import { countTextTokens } from '../../tokens/index.js';
import type { System } from '../types.js';

/** The longest head (or tail) of `text`, cut between words, that fits in `maxTokens`, found by bisection. */
export function truncateToTokens(text: string, maxTokens: number, keep: 'head' | 'tail' = 'head'): string {
  if (countTextTokens(text) <= maxTokens) return text;
  const cut = (length: number) =>
    keep === 'head' ? text.slice(0, length) : text.slice(text.length - length);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTextTokens(cut(middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  const piece = cut(low);
  // Prefer ending on a word boundary so the last word is not half kept.
  const boundary = keep === 'head' ? piece.search(/\s\S*$/) : piece.search(/\s/);
  if (boundary <= 0) return piece;
  return keep === 'head' ? piece.slice(0, boundary) : piece.slice(boundary + 1);
}

/** Keeps the first (or last) `maxTokens` tokens of the context; the kept text is the response and context. */
export function truncateSystem(options: { maxTokens: number; keep?: 'head' | 'tail' }): System {
  if (!Number.isInteger(options.maxTokens) || options.maxTokens < 0)
    throw new ValidationError([
      { where: 'truncate: maxTokens', message: `must be a whole number >= 0, got ${options.maxTokens}` },
    ]);
  const keep = options.keep ?? 'head';
  return {
    name: `truncate-${options.maxTokens}${keep === 'tail' ? '-tail' : ''}`,
    config: { maxTokens: options.maxTokens, keep },
    async process(example) {
      const kept = truncateToTokens(example.context, options.maxTokens, keep);
      return { response: kept, context: kept };
    },
  };
}
