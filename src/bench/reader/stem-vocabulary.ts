import { stemOf } from './content-words.js';
import { detachedCopy } from './split-lines-compactly.js';

/**
 * The words a reader has seen, each mapped to the id of its stem, so that a word is stemmed once per
 * vocabulary (not once per occurrence) and matching a query against a long artifact is an array look-up per
 * word instead of a string hash. Grows with every new word: its owner bounds it (see `createLineReadingCache`).
 */
export interface StemVocabulary {
  /** The id of a normalised word's stem, stemming and interning both on first sight. */
  idOfWord(word: string): number;
  /** The id of a stem, if a word or `internStem` has interned it so far. */
  idOfStem(stem: string): number | undefined;
  /** The id of a stem, interning it on first sight (for stems that come from elsewhere than words). */
  internStem(stem: string): number;
  /** Distinct stems so far: ids run from 0 to `stemCount - 1`. */
  readonly stemCount: number;
  /** Distinct words so far: what the vocabulary's memory grows with. */
  readonly wordCount: number;
  /**
   * A byte per stem id, all 0, to mark a query's stems in: one table per vocabulary, reused by every query
   * (a new one per query would cost the vocabulary's size each time). Whoever marks entries clears them
   * before returning.
   */
  stemMarks(): Uint8Array;
}

/** An empty vocabulary. Stems exactly as the reader always has: numbers as they are, other words by `stemWord`. */
export function createStemVocabulary(): StemVocabulary {
  const idsOfWords = new Map<string, number>();
  const idsOfStems = new Map<string, number>();
  let stemCount = 0;
  let marks = new Uint8Array(0);
  const internStem = (stem: string): number => {
    let id = idsOfStems.get(stem);
    if (id === undefined) {
      id = stemCount++;
      idsOfStems.set(stem, id);
    }
    return id;
  };
  return {
    idOfWord(word) {
      const known = idsOfWords.get(word);
      if (known !== undefined) return known;
      // A word is cut from its passage's normalised text; V8 copies substrings this short rather than view them.
      const kept = word.length < 13 ? word : detachedCopy(word);
      // Numbers (most words of tool output) have no suffix to strip; normalised words never start below '0'.
      const id = internStem(stemOf(kept));
      idsOfWords.set(kept, id);
      return id;
    },
    idOfStem: (stem) => idsOfStems.get(stem),
    internStem,
    get stemCount() {
      return stemCount;
    },
    get wordCount() {
      return idsOfWords.size;
    },
    stemMarks() {
      if (marks.length < stemCount) marks = new Uint8Array(Math.max(stemCount, marks.length * 2));
      return marks;
    },
  };
}
