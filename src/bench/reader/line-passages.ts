import type { Passage } from './passage.js';

/** The passages of the line the passage at `index` is on (a long line is read as several sentences). */
export function passagesOfLine(passages: readonly Passage[], index: number): Passage[] {
  const line = (passages[index] as Passage).line;
  let first = index;
  while (first > 0 && passages[first - 1]?.line === line) first--;
  let last = index;
  while (passages[last + 1]?.line === line) last++;
  return passages.slice(first, last + 1);
}
