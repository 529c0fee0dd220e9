import { normalizeText } from '../scoring/normalize.js';
import { type ArtifactSectionName, sectionOfHeading } from './artifact-sections.js';
import { wordsOf } from './content-words.js';
import { DECISION_CUES, ENTITY_CUES, FACT_CUES, OVERRIDE_CUES, RULE_CUES, TASK_CUES } from './cue-lexicon.js';
import { type CueHits, type CueLexicon, compileCueLexicon, matchCues } from './cue-matcher.js';
import { splitLine } from './split-passages.js';
import { createStemVocabulary, detachedCopy, type StemVocabulary } from './stem-vocabulary.js';

/** One passage of a line as read once: everything about it that does not depend on where the line sits. */
export interface PassageReading {
  /** The passage as written, without a list marker. */
  text: string;
  /** `normalizeText(text)`. */
  normalized: string;
  /** The stem of each word of `normalized`, in order, as an id of the vocabulary that read it. */
  stemIds: readonly number[];
  /** The cue phrases it holds, by kind. */
  cues: CueHits;
  /** The ids of every kind of `cues`, together: what an artifact's cue frequencies count. */
  cueIds: readonly number[];
  /** 1 when it looks like a fact (a number, a path or a URL), else 0. */
  factShape: number;
}

/**
 * A line as read once: the section it opens when it is a heading, else its passages: the one passage most
 * lines are, or a list (empty for a blank line). No wrapper object: a cache holds 100,000 of them.
 */
export type LineReading = ArtifactSectionName | PassageReading | readonly PassageReading[];

/** The passages of a line that is not a heading. */
export function passagesOfLine(
  reading: PassageReading | readonly PassageReading[],
): readonly PassageReading[] {
  return 'text' in reading ? [reading] : reading;
}

/** Reads artifact lines through a bounded cache, so text an artifact shares with an earlier one is read once. */
export interface LineReadingCache {
  /**
   * Called before the lines of each artifact; returns the vocabulary their readings use. When the vocabulary
   * has grown past its bound, a new one replaces it and the cache empties: never between two lines of one
   * artifact, so every passage of an artifact has its stem ids from the same vocabulary.
   */
  startArtifact(): StemVocabulary;
  /** The reading of one line of the artifact being read (a line of `artifactText.split('\n')`). */
  read(line: string): LineReading;
  /** Lines cached now; never more than `maxLines` (or 2, if that is less). */
  readonly size: number;
}

const CUE_LISTS = {
  rule: RULE_CUES,
  decision: DECISION_CUES,
  override: OVERRIDE_CUES,
  task: TASK_CUES,
  entity: ENTITY_CUES,
  fact: FACT_CUES,
};

/** How many cue phrases the reader knows: cue ids run from 0 to `CUE_PHRASE_COUNT - 1`. */
export const CUE_PHRASE_COUNT = compileCueLexicon(CUE_LISTS, () => 0).size;

/** What line readings are made with: a vocabulary, and the cue lexicon compiled against its stem ids. */
export interface ReadingContext {
  vocabulary: StemVocabulary;
  lexicon: CueLexicon;
}

/** A new vocabulary, holding the cue phrases' stems, and the lexicon compiled against it. */
export function createReadingContext(): ReadingContext {
  const vocabulary = createStemVocabulary();
  return { vocabulary, lexicon: compileCueLexicon(CUE_LISTS, vocabulary.internStem) };
}

// Numbers, versions, ports, paths and URLs are what facts are usually made of.
const FACT_SHAPE = /\d|\w\/\w/;

const LIST_MARKER = /^(?:[-*•]|\d+[.)])\s+/;

/** Whether the line may start with a list marker: most lines do not, and skip the regular expression. */
function mayHaveListMarker(line: string): boolean {
  const first = line.charCodeAt(0);
  return first === 45 || first === 42 || first === 0x2022 || (first >= 48 && first <= 57);
}

const NO_PASSAGES: readonly PassageReading[] = Object.freeze([]);

const NO_CUE_IDS: readonly number[] = Object.freeze([]);

/**
 * Reads one line: a section heading, or one passage per piece `splitLine` makes of it once its list marker is
 * off, each with its normalised text, stem ids and cue phrases. Pieces that normalise to nothing are dropped.
 */
export function readLine(line: string, { vocabulary, lexicon }: ReadingContext): LineReading {
  const trimmed = line.trim();
  if (trimmed === '') return NO_PASSAGES;
  const heading = sectionOfHeading(trimmed);
  if (heading !== undefined) return heading;
  const passages: PassageReading[] = [];
  for (const text of splitLine(mayHaveListMarker(trimmed) ? trimmed.replace(LIST_MARKER, '') : trimmed)) {
    const normalized = normalizeText(text);
    if (normalized === '') continue;
    const words = wordsOf(normalized);
    const stemIds = new Array<number>(words.length);
    for (let word = 0; word < words.length; word++)
      stemIds[word] = vocabulary.idOfWord(words[word] as string);
    const cues = matchCues(stemIds, lexicon);
    passages.push({
      text,
      normalized,
      stemIds,
      cues,
      cueIds: cueIdsOf(cues),
      factShape: FACT_SHAPE.test(text) ? 1 : 0,
    });
  }
  return passages.length === 1 ? (passages[0] as PassageReading) : passages;
}

function cueIdsOf(cues: CueHits): readonly number[] {
  const { rule, decision, override, task, entity, fact } = cues;
  // Most passages hold no cue: one shared empty list.
  const count = rule.length + decision.length + override.length + task.length + entity.length + fact.length;
  return count === 0 ? NO_CUE_IDS : [...rule, ...decision, ...override, ...task, ...entity, ...fact];
}

/**
 * A cache of line readings keyed by the raw line (a reading does not depend on where the line sits: its
 * section and line number are the artifact's business), holding at most `maxLines` lines, least recently
 * used out first. Two generations instead of an exact recency list: lines go into the young one; when it is
 * full, the old one is dropped and the young one becomes old; a line found in the old one moves back into the
 * young one. So a hit costs one look-up (an exact LRU would re-insert on every hit, the main cost of reading
 * a 7,000-line artifact whose lines are all cached). Its vocabulary is replaced, and the cache emptied, once it
 * holds more than `maxWords` distinct words, so memory stays bounded however many artifacts a target reads.
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
  const keep = (line: string, reading: LineReading) => {
    if (young.size >= generationSize) {
      old = young;
      young = new Map();
    }
    young.set(line, reading);
  };
  return {
    startArtifact() {
      if (context.vocabulary.wordCount > maxWords) {
        context = createReadingContext();
        young = new Map();
        old = new Map();
      }
      return context.vocabulary;
    },
    read(line) {
      const cached = young.get(line);
      if (cached !== undefined) return cached;
      const aged = old.get(line);
      if (aged !== undefined) {
        // Used again: back into the young generation (under a detached key, as when it was read).
        old.delete(line);
        keep(detachedCopy(line), aged);
        return aged;
      }
      // Read a detached copy, so neither the key nor the passages' text pin the whole artifact text.
      const kept = detachedCopy(line);
      const reading = readLine(kept, context);
      keep(kept, reading);
      return reading;
    },
    get size() {
      return young.size + old.size;
    },
  };
}
