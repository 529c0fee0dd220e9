import { TextEncoder } from 'node:util';
import { BytePairMerger } from './byte-pair-merger.js';
import type { TokenTable } from './token-table.js';

/** Counts the tokens of a piece of text with byte-pair encoding and no splitting of long runs. */
export type PlainTextCounter = (text: string) => number;

/**
 * Creates a counter that splits text with the encoding's pre-tokenizer pattern and counts the byte-pair tokens
 * of each piece. Special-token text gets no special treatment, so it counts as the ordinary text it is.
 */
export function createBytePairCounter(
  table: TokenTable,
  splitPattern: RegExp,
  merger = new BytePairMerger(table),
): PlainTextCounter {
  // An own copy: a global regular expression carries `lastIndex` from call to call.
  const pattern = new RegExp(splitPattern.source, 'gu');
  const encoder = new TextEncoder();

  const countPiece = (text: string, start: number, end: number): number => {
    merger.reserve((end - start) * 3);
    const bytes = merger.bytes;
    let length = 0;
    for (let index = start; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code >= 0x80) {
        const piece = text.slice(start, end);
        length = encoder.encodeInto(piece, bytes).written;
        // gpt-tokenizer looks whole pieces up by their string, which a lone surrogate (written as U+FFFD
        // bytes) never matches; merging such a piece without the lookup agrees with it.
        return merger.isSingleToken(length, !hasLoneSurrogate(piece)) ? 1 : merger.countMerged(length);
      }
      bytes[length++] = code;
    }
    return merger.isSingleToken(length) ? 1 : merger.countMerged(length);
  };

  return (text) => {
    let count = 0;
    let start = 0;
    pattern.lastIndex = 0;
    // The pattern matches every character, so pieces are back to back: each ends where the next begins.
    while (pattern.test(text)) {
      const end = pattern.lastIndex;
      count += countPiece(text, start, end);
      start = end;
    }
    return count;
  };
}

function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(index + 1);
    if (code >= 0xdc00 || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    index++;
  }
  return false;
}
