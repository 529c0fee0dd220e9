/** "3-7, 9, 12-14" for a sorted list of turn indices. */
export function formatTurns(turns: readonly number[]): string {
  const parts: string[] = [];
  let start = turns[0];
  let previous = turns[0];
  for (const turn of [...turns.slice(1), undefined]) {
    if (turn !== undefined && previous !== undefined && turn === previous + 1) {
      previous = turn;
      continue;
    }
    if (start !== undefined && previous !== undefined)
      parts.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = turn;
    previous = turn;
  }
  return parts.join(', ');
}
