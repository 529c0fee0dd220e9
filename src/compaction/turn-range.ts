/** An inclusive range of turn indices within one loop (`startTurn` <= `endTurn`). */
export interface TurnRange {
  startTurn: number;
  endTurn: number;
}

/** Builds a TurnRange, or returns undefined when the range would be empty. */
export function turnRange(startTurn: number, endTurn: number): TurnRange | undefined {
  return endTurn >= startTurn ? { startTurn, endTurn } : undefined;
}

/** True when two ranges share at least one turn. */
export function turnRangesOverlap(a: TurnRange, b: TurnRange): boolean {
  return a.startTurn <= b.endTurn && b.startTurn <= a.endTurn;
}
