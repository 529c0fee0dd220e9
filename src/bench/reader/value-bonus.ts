import { rarity } from './cue-matcher.js';
import type { Passage } from './passage.js';
import { withoutHeader } from './tool-exchanges.js';
import { type AskedValue, holdsValue } from './value-kinds.js';

/** What holding the particular kind of value asked for adds, scaled by how rare such passages are. */
export const VALUE_WEIGHT = 2;

/**
 * Adds to each passage's bonus for holding the particular kind of value the question asks for (see
 * `askedValue`), counting less the more passages hold one; false when no passage holds one, so the reader
 * cannot tell which passages could answer and nothing is added.
 */
export function addValueBonus(passages: readonly Passage[], asked: AskedValue, bonus: Float64Array): boolean {
  const holders: number[] = [];
  passages.forEach((passage, index) => {
    if (holdsValue(withoutHeader(passage.text), asked)) holders.push(index);
  });
  if (holders.length === 0) return false;
  const weight = VALUE_WEIGHT * rarity(holders.length);
  for (const index of holders) bonus[index] = (bonus[index] as number) + weight;
  return true;
}

/**
 * For each passage, whether it holds a value of the kind asked for; undefined when none does (the reader cannot
 * tell then which passages could answer).
 */
export function valueHolders(passages: readonly Passage[], asked: AskedValue): boolean[] | undefined {
  const holds = passages.map((passage) => holdsValue(withoutHeader(passage.text), asked));
  return holds.includes(true) ? holds : undefined;
}
