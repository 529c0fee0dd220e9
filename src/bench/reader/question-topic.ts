import { contentStems } from './content-words.js';
import type { QueryWeights } from './query-weights.js';

// Nouns that name the kind of statement a question asks for ("What is the plan?", "Which rule applies?", "What
// is the next step?"), not what it is about: every decision, rule or task shares them in kind.
const STATEMENT_KINDS: ReadonlySet<string> = new Set(
  contentStems(
    'rule constraint policy restriction requirement guideline prohibition preference decision decided decide ' +
      'instruction choice plan task step next left remain remaining todo pending open outstanding',
  ),
);

// A word in at most this many passages is distinctive: a word everywhere ("keep" in "keep going") says
// nothing about which passage a question is about (as in `closed-tasks.ts`).
const DISTINCTIVE_FREQUENCY = 8;

/**
 * Whether the question is about a topic the notes name: some word of it, other than those naming the kind of
 * statement asked for or `kindStems` (the kind of value: "file" in "which file …?"), is in a few passages.
 * `frequency` is in how many passages each stem of the query occurs, by its bit.
 */
export function namesTopic(
  query: QueryWeights,
  frequency: readonly number[],
  kindStems: ReadonlySet<string>,
): boolean {
  for (const [stem, bit] of query.bits) {
    if (STATEMENT_KINDS.has(stem) || kindStems.has(stem)) continue;
    const count = frequency[bit] as number;
    if (count > 0 && count <= DISTINCTIVE_FREQUENCY) return true;
  }
  return false;
}
