import { normalizeMatchText } from '../lexicon/normalize-match-text.js';
import { type AvoidGuard, MAX_DRAWS, unavoidable } from './avoid-guard.js';

// A summary line that keeps clashing is simply left out; a few tries are enough to tell.
const OPTIONAL_DRAWS = 5;
// Chunks `addWithin` draws looking for one that fits before it stops.
const FIT_CANDIDATES = 4;

/** Builds one tool output chunk by chunk, keeping avoided values out and counting estimated tokens. */
export interface OutputBuilder {
  /** Estimated cl100k tokens of the text so far. */
  readonly tokens: number;
  /**
   * Appends one chunk (one or more lines) from `draw`, drawing again while it would hold an avoided value;
   * returns the chunk appended.
   */
  add(draw: () => string, what: string): string;
  /**
   * Like `add` while the text is short of `targetTokens`, but drops the chunk (and returns undefined) when it
   * would overshoot the target by more than it fills, so outputs end close to their size. The first chunk of
   * an empty builder is always kept.
   */
  addWithin(draw: () => string, targetTokens: number, what: string): string | undefined;
  /** Like `add`, but leaves the chunk out when every draw holds an avoided value; true when appended. */
  addOptional(draw: () => string): boolean;
  /** The chunks so far, one per line. */
  text(): string;
}

/**
 * A builder whose token estimate is characters divided by `charsPerToken` (calibrated per kind of output
 * against cl100k). A value is also caught when it starts in one chunk and ends in the next.
 */
export function createOutputBuilder(guard: AvoidGuard, charsPerToken: number): OutputBuilder {
  const chunks: string[] = [];
  let characters = 0;
  // The end of the normalised text so far, as long as the longest value: enough to see a match across chunks.
  let tail = '';

  /** The tail after `chunk`, or undefined when the chunk would bring in an avoided value. */
  const tailAfter = (chunk: string): string | undefined => {
    if (!guard.active) return '';
    // Most chunks hold no word of any value; for them only the end of the chunk needs normalising.
    if (!guard.endsWithPrefix(tail) && !guard.mayContain(chunk)) return cheapTail(chunk);
    const normalized = normalizeMatchText(chunk);
    const joined = join(tail, normalized);
    if (guard.find(joined) !== undefined) return undefined;
    return lastReach(joined);
  };
  const lastReach = (text: string): string =>
    text.length > guard.reach ? text.slice(text.length - guard.reach) : text;
  const cheapTail = (chunk: string): string => {
    const end = normalizedEnd(chunk, guard.reach);
    if (end === undefined) return lastReach(join(tail, normalizeMatchText(chunk)));
    return end.whole ? lastReach(join(tail, end.text)) : end.text;
  };
  /** A clean chunk and the tail after it, from at most `draws` draws. */
  const drawClean = (
    draw: () => string,
    draws: number,
  ): { chunk: string; tail: string } | { clash: string } => {
    let chunk = '';
    for (let attempt = 0; attempt < draws; attempt++) {
      chunk = draw();
      const next = tailAfter(chunk);
      if (next !== undefined) return { chunk, tail: next };
    }
    return { clash: guard.find(join(tail, normalizeMatchText(chunk))) ?? chunk };
  };
  const append = (chunk: string, next: string): string => {
    chunks.push(chunk);
    characters += chunk.length + 1;
    tail = next;
    return chunk;
  };

  return {
    get tokens() {
      return characters / charsPerToken;
    },
    add(draw, what) {
      const drawn = drawClean(draw, MAX_DRAWS);
      if ('clash' in drawn) throw unavoidable(drawn.clash, what);
      return append(drawn.chunk, drawn.tail);
    },
    addWithin(draw, targetTokens, what) {
      const before = characters / charsPerToken;
      // Chunks vary in size: among a few, take one that fits, else the one that ends closest to the target.
      let best: { chunk: string; tail: string; error: number } | undefined;
      for (let candidate = 0; candidate < FIT_CANDIDATES; candidate++) {
        const drawn = drawClean(draw, MAX_DRAWS);
        if ('clash' in drawn) throw unavoidable(drawn.clash, what);
        const after = (characters + drawn.chunk.length + 1) / charsPerToken;
        if (after <= targetTokens || chunks.length === 0) return append(drawn.chunk, drawn.tail);
        if (best === undefined || after - targetTokens < best.error)
          best = { ...drawn, error: after - targetTokens };
      }
      // Stopping short is better than a chunk that overshoots by more than it fills.
      if (best === undefined || best.error > targetTokens - before) return undefined;
      return append(best.chunk, best.tail);
    },
    addOptional(draw) {
      const drawn = drawClean(draw, OPTIONAL_DRAWS);
      if ('clash' in drawn) return false;
      append(drawn.chunk, drawn.tail);
      return true;
    },
    text: () => chunks.join('\n'),
  };
}

/**
 * Appends chunks from `draw` with `addWithin` until the builder reaches `targetTokens` or the next chunk would
 * overshoot too far; returns how many were appended (at least one when the builder was empty).
 */
export function fillWithin(
  builder: OutputBuilder,
  draw: () => string,
  targetTokens: number,
  what: string,
): number {
  let appended = 0;
  while (builder.tokens < targetTokens) {
    if (builder.addWithin(draw, targetTokens, what) === undefined) break;
    appended += 1;
  }
  return appended;
}

/** Normalised texts joined as their raw texts joined by a line break would normalise. */
function join(before: string, after: string): string {
  if (after === '') return before;
  return before === '' ? after : `${before} ${after}`;
}

function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/**
 * The last `length` characters of `normalizeMatchText(text)`, normalising only as much of the end of ASCII text
 * as they come from; `whole` when that is all of the normalised text. Undefined when a non-ASCII character is
 * met, whose normalisation needs the full Unicode rules.
 */
function normalizedEnd(text: string, length: number): { text: string; whole: boolean } | undefined {
  // Walk back counting normalised characters (a word character is one, a run of separators one space) until
  // there are more than `length`, so the word cut at the start falls outside what is kept.
  let counted = 0;
  let index = text.length - 1;
  let inSeparators = true;
  for (; index >= 0 && counted <= length; index--) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) return undefined;
    if (isWordCode(code)) {
      counted += 1;
      inSeparators = false;
    } else if (!inSeparators) {
      counted += 1;
      inSeparators = true;
    }
  }
  const normalized = normalizeMatchText(text.slice(index + 1));
  if (index < 0) return { text: normalized.slice(-length), whole: normalized.length <= length };
  return { text: normalized.slice(-length), whole: false };
}
