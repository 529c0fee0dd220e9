import type { TokenCounter } from '../tokens/types.js';

/** Options of `cutTextToTokens`. */
export interface CutTextOptions {
  text: string;
  maxTokens: number;
  counter: TokenCounter;
  /** What the text is, for the marker: `tool output`, `message`. */
  what: string;
}

/**
 * The text itself when it fits `maxTokens`; otherwise its head (60%) and tail (40%, where commands print their
 * verdict) around a marker saying how much was cut. The longest such cut that fits is found by bisection, so the
 * result never exceeds the budget unless the marker alone does (then only the marker is returned).
 */
export function cutTextToTokens(options: CutTextOptions): string {
  const { text, maxTokens, counter } = options;
  const total = counter.countText(text);
  if (total <= maxTokens) return text;
  const cut = (kept: number): string => {
    const head = safeEnd(text, Math.ceil(kept * 0.6));
    const tailLength = Math.max(0, kept - head);
    const tailStart = safeStart(text, text.length - tailLength);
    const omitted = tailStart - head;
    return `${text.slice(0, head)}\n[... ${omitted} characters of this ${options.what} cut by compaction: it alone exceeded the token budget ...]\n${text.slice(tailStart)}`;
  };
  let low = 0;
  // The text's own characters per token bound the cut that fits (with room for uneven density), so bisection
  // counts short strings even for a megabyte of output.
  const perToken = text.length / Math.max(1, total);
  let high = Math.min(text.length - 1, Math.ceil(Math.max(0, maxTokens) * perToken * 2) + 200);
  if (counter.countText(cut(0)) > maxTokens) return cut(0);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (counter.countText(cut(middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}

/** An end index that does not split a surrogate pair. */
function safeEnd(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** A start index that does not split a surrogate pair. */
function safeStart(text: string, start: number): number {
  const code = text.charCodeAt(start);
  return code >= 0xdc00 && code <= 0xdfff ? start + 1 : start;
}
