import { Buffer } from 'node:buffer';
import { stemWord } from './content-words.js';

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
}

// A character that does not fit in one byte: a string holding one is stored with two bytes per character.
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * A copy of `text` that does not keep the string it was cut from alive: V8 represents `split` and `slice`
 * results as views into their parent, so one cached 60-character line would otherwise pin a 450 KB artifact.
 * The copy takes one byte per character when it can: a line cut from a text with a single dash or emoji
 * somewhere is stored with two bytes per character, and half the memory is worth it for the many cached lines
 * (normalising a one-byte string is faster too). Otherwise concatenating builds a new string and the slice is
 * a view into that one.
 */
export function detachedCopy(text: string): string {
  return BEYOND_LATIN1.test(text) ? ` ${text}`.slice(1) : Buffer.from(text, 'latin1').toString('latin1');
}

/** An empty vocabulary. Stems exactly as the reader always has: numbers as they are, other words by `stemWord`. */
export function createStemVocabulary(): StemVocabulary {
  const idsOfWords = new Map<string, number>();
  const idsOfStems = new Map<string, number>();
  let stemCount = 0;
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
      const kept = word.length < 13 ? word : ` ${word}`.slice(1);
      // Numbers (most words of tool output) have no suffix to strip; normalised words never start below '0'.
      const id = internStem(kept.charCodeAt(0) <= 57 ? kept : stemWord(kept));
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
  };
}
