import {
  createReadingContext,
  createStemIdSink,
  type LinePlace,
  type LineReading,
  moveLineStems,
  type ReadingSession,
  readLine,
} from './read-line.js';
import { createSeenLines } from './seen-lines.js';
import { detachedCopy } from './split-lines-compactly.js';
import type { StemVocabulary } from './stem-vocabulary.js';

/** Reads artifact lines through a bounded cache, so text an artifact shares with earlier ones is read once. */
export interface LineReadingCache {
  /**
   * Starts reading the lines of one artifact, `length` characters in all. When the vocabulary has grown past
   * its bound, a new one replaces it and the cache empties: only here, never between two lines of one
   * artifact, so every passage of an artifact has its stem ids from the same vocabulary.
   */
  startArtifact(length: number): ArtifactLineReader;
  /** Lines cached now; never more than `maxLines` (or 2, if that is less). */
  readonly size: number;
}

/** Reads the lines of one artifact, in order. */
export interface ArtifactLineReader {
  /** The vocabulary of the stem ids of every passage `read` returns. */
  readonly vocabulary: StemVocabulary;
  /**
   * The reading of one line (a line of the artifact text split at line breaks), its passages made at `place`
   * when the line is read now; a cached reading's passages may sit elsewhere (see `placePassage`).
   */
  read(line: string, place: LinePlace): LineReading;
}

/**
 * A cache of line readings keyed by the raw line (a reading does not depend on where the line sits: its
 * section and line number are the artifact's business), holding at most `maxLines` lines, least recently
 * used out first. Two generations instead of an exact recency list: lines go into the young one; when it is
 * full, the old one is dropped and the young one becomes old; a line found in the old one moves back into the
 * young one. So a hit costs one look-up (an exact LRU would re-insert on every hit, the main cost of reading
 * a 7,000-line artifact whose lines are all cached).
 *
 * A line is kept from its second sighting on: the first time, it is only read (and noted in `createSeenLines`).
 * Caching every line of a new 7,000-line transcript would cost about a quarter of reading it, and most of
 * them are never read again: a drift cycle's text that extends the previous one is parsed from that parse
 * (see `parseArtifactText`).
 *
 * Memory stays bounded however many artifacts a target reads: keys and passages are detached copies (no line
 * pins its artifact's text); the kept passages write their stem ids to a buffer per generation, which goes
 * with the generation (a line moving back copies its ids); and the vocabulary is replaced, and the cache
 * emptied, once it holds more than `maxWords` distinct words.
 */
export function createLineReadingCache({
  maxLines = 100_000,
  maxWords = 500_000,
}: {
  maxLines?: number;
  maxWords?: number;
} = {}): LineReadingCache {
  const generationSize = Math.max(1, Math.floor(maxLines / 2));
  let context = createReadingContext();
  let young = new Map<string, LineReading>();
  let old = new Map<string, LineReading>();
  let youngStems = createStemIdSink();
  const seen = createSeenLines();
  /** The sink of the young generation, after starting a new one if it is full. */
  const youngSink = () => {
    if (young.size >= generationSize) {
      old = young;
      young = new Map();
      youngStems = createStemIdSink();
    }
    return youngStems;
  };
  return {
    startArtifact(length) {
      if (context.vocabulary.wordCount > maxWords) {
        context = createReadingContext();
        young = new Map();
        old = new Map();
        youngStems = createStemIdSink();
      }
      const reading: ReadingSession = { context, idsOfWords: new Map() };
      // Passages read and not kept write their stem ids here: only this artifact's parse holds them. Sized for
      // the text (a word takes six characters or more, with its space), so it seldom grows.
      const ownStems = createStemIdSink(Math.ceil(length / 6));
      return {
        vocabulary: context.vocabulary,
        read(line, place) {
          // A line never seen is only read (and noted): no look-ups, no copy. (After the rare reset of `seen`, a
          // cached line counts as unseen once, and is read again.)
          if (!seen.check(line)) return readLine(line, reading, ownStems, place);
          const cached = young.get(line);
          if (cached !== undefined) return cached;
          const aged = old.get(line);
          if (aged !== undefined) {
            old.delete(line);
            const moved = moveLineStems(aged, youngSink());
            young.set(detachedCopy(line), moved);
            return moved;
          }
          // Seen before: read it and keep it, under a detached copy so that it does not pin the artifact text.
          const kept = detachedCopy(line);
          const read = readLine(kept, reading, youngSink(), place);
          young.set(kept, read);
          return read;
        },
      };
    },
    get size() {
      return young.size + old.size;
    },
  };
}
