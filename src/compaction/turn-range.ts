import type { TurnRange } from './types.js';

export type { TurnRange } from './types.js';

/** Builds a TurnRange, or returns undefined when the range would be empty. */
export function turnRange(startTurn: number, endTurn: number): TurnRange | undefined {
  return endTurn >= startTurn ? { startTurn, endTurn } : undefined;
}

/** True when two ranges share at least one turn. */
export function turnRangesOverlap(a: TurnRange, b: TurnRange): boolean {
  return a.startTurn <= b.endTurn && b.startTurn <= a.endTurn;
}

/** The part of `whole` between the excluded head and tail ranges (a range at or before the start is a head). */
export function middleOf(whole: TurnRange, exclude: readonly TurnRange[]): TurnRange | undefined {
  let start = whole.startTurn;
  let end = whole.endTurn;
  for (const range of exclude) {
    if (range.startTurn <= start) start = Math.max(start, range.endTurn + 1);
    else end = Math.min(end, range.startTurn - 1);
  }
  return turnRange(start, end);
}
