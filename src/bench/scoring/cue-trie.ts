import { normalizeText } from './normalize.js';

/** A phrase of a cue table found in the words of a response. */
export interface CueMatch<Kind> {
  readonly kind: Kind;
  /** How many words the phrase covers. */
  readonly length: number;
  /** The phrase as written in the table, for reasons and debugging. */
  readonly phrase: string;
}

interface TrieNode<Kind> {
  readonly next: Map<string, TrieNode<Kind>>;
  match?: CueMatch<Kind>;
}

/** Phrases of several kinds, looked up word by word: finding every phrase at a position costs its length. */
export interface CueTrie<Kind> {
  /** Every phrase that starts at `index` of `words`, longest first. */
  matchesAt(words: readonly string[], index: number): CueMatch<Kind>[];
  /** The longest phrase that starts at `index`, if any. */
  longestAt(words: readonly string[], index: number): CueMatch<Kind> | undefined;
}

/**
 * Builds a trie from tables of phrases, each table with its kind. Phrases are normalised like responses, so
 * "don't" is stored as the words "don t". When two tables hold the same phrase, the earlier table wins.
 */
export function buildCueTrie<Kind>(tables: readonly (readonly [readonly string[], Kind])[]): CueTrie<Kind> {
  const root: TrieNode<Kind> = { next: new Map() };
  for (const [phrases, kind] of tables) {
    for (const phrase of phrases) {
      const words = normalizeText(phrase).split(' ').filter(Boolean);
      if (words.length === 0) continue;
      let node = root;
      for (const word of words) {
        let child = node.next.get(word);
        if (!child) {
          child = { next: new Map() };
          node.next.set(word, child);
        }
        node = child;
      }
      node.match ??= { kind, length: words.length, phrase };
    }
  }

  const matchesAt = (words: readonly string[], index: number): CueMatch<Kind>[] => {
    const found: CueMatch<Kind>[] = [];
    let node: TrieNode<Kind> | undefined = root;
    for (let position = index; position < words.length && node; position++) {
      node = node.next.get(words[position] as string);
      if (node?.match) found.push(node.match);
    }
    return found.reverse();
  };

  return { matchesAt, longestAt: (words, index) => matchesAt(words, index)[0] };
}
