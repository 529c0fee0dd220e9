import { normalizeText } from '../scoring/normalize.js';
import { stemWord, wordsOf } from './content-words.js';

/** The kinds of cue the reader counts in every passage. */
export type CueKind = 'rule' | 'decision' | 'override' | 'task' | 'entity' | 'fact';

/** For each kind of cue, the ids of the distinct cue phrases a passage holds. */
export type CueHits = Record<CueKind, number[]>;

interface CompiledPhrase {
  id: number;
  kind: CueKind;
  /** The phrase's stems, as ids. */
  stems: readonly number[];
}

/**
 * Cue phrases compiled for matching against the stem ids of one vocabulary: indexed by the id of their first
 * stem, each as its sequence of stem ids with a unique phrase id.
 */
export interface CueLexicon {
  /** Phrases by the id of their first stem; every other stem id is at or past the end. */
  byFirstStem: readonly (readonly CompiledPhrase[] | undefined)[];
  /** Number of phrases; ids run from 0 to `size - 1`, the same for every vocabulary. */
  size: number;
}

/**
 * Compiles cue phrases, normalised and stemmed exactly as passages are, their stems given ids by `idOfStem`
 * (which interns them in the vocabulary that will number the passages' stems).
 */
export function compileCueLexicon(
  lists: Record<CueKind, readonly string[]>,
  idOfStem: (stem: string) => number,
): CueLexicon {
  const byFirstStem: (CompiledPhrase[] | undefined)[] = [];
  let size = 0;
  for (const [kind, phrases] of Object.entries(lists) as [CueKind, readonly string[]][]) {
    for (const phrase of phrases) {
      const stems = wordsOf(normalizeText(phrase)).map((word) => idOfStem(stemWord(word)));
      const first = stems[0];
      if (first === undefined) continue;
      while (byFirstStem.length <= first) byFirstStem.push(undefined);
      const bucket = byFirstStem[first] ?? [];
      bucket.push({ id: size++, kind, stems });
      byFirstStem[first] = bucket;
    }
  }
  return { byFirstStem, size };
}

/**
 * The cue phrases a passage holds, by kind, each phrase once, from the ids of its stems in order
 * (`stems[start]` up to `stems[end]`): one array read per word, so a whole artifact is matched in linear time.
 */
export function matchCues(
  stems: ArrayLike<number>,
  start: number,
  end: number,
  lexicon: CueLexicon,
): CueHits {
  const { byFirstStem } = lexicon;
  let hits: CueHits | undefined;
  for (let position = start; position < end; position++) {
    const first = stems[position] as number;
    if (first >= byFirstStem.length) continue;
    const bucket = byFirstStem[first];
    if (bucket === undefined) continue;
    for (const phrase of bucket) {
      hits ??= { rule: [], decision: [], override: [], task: [], entity: [], fact: [] };
      const found = hits[phrase.kind];
      if (!found.includes(phrase.id) && phraseAt(stems, position, end, phrase.stems)) found.push(phrase.id);
    }
  }
  return hits ?? NO_HITS;
}

/** No cue of any kind: most passages of a long artifact hold none, and share this one (never mutated) object. */
export const NO_HITS: CueHits = Object.freeze({
  rule: [],
  decision: [],
  override: [],
  task: [],
  entity: [],
  fact: [],
}) as CueHits;

function phraseAt(
  stems: ArrayLike<number>,
  position: number,
  end: number,
  phrase: readonly number[],
): boolean {
  if (position + phrase.length > end) return false;
  for (let offset = 1; offset < phrase.length; offset++) {
    if (stems[position + offset] !== phrase[offset]) return false;
  }
  return true;
}

/**
 * How much one occurrence counts when the thing occurs in `frequency` passages: 1 when rare, less when common,
 * so a cue word or topic word that fills the tool output ("next", "cache") does not outweigh a rare one.
 */
export function rarity(frequency: number): number {
  return frequency <= 1 ? 1 : 1 / (1 + 0.5 * Math.log(frequency));
}

/**
 * The weight of a passage's strongest cue of one kind: the rarity of its rarest phrase, 0 without one. A phrase
 * that is everywhere (`replace` all over pasted code) is no sign of a change of plan.
 */
export function strongestCue(ids: readonly number[], frequency: Uint32Array): number {
  let strongest = 0;
  for (const id of ids) strongest = Math.max(strongest, rarity(frequency[id] as number));
  return strongest;
}
