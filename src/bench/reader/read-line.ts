import { type ArtifactSectionName, sectionOfHeading } from '../../artifact/artifact-sections.js';
import { normalizeText } from '../scoring/normalize.js';
import { namesFile, withoutFilePaths } from './code-records.js';
import { wordsOf } from './content-words.js';
import { DECISION_CUES, ENTITY_CUES, FACT_CUES, OVERRIDE_CUES, RULE_CUES, TASK_CUES } from './cue-lexicon.js';
import { type CueHits, type CueLexicon, compileCueLexicon, matchCues, NO_HITS } from './cue-matcher.js';
import type { Passage } from './passage.js';
import { MAX_LINE_PASSAGE, splitLine } from './split-passages.js';
import { createStemVocabulary, type StemVocabulary } from './stem-vocabulary.js';
import { cannotIsOnlyUnsure, reportsNothingKnown } from './unsure-cannot.js';

/**
 * A line as read once: the section it opens when it is a heading, else its passages: the one passage most
 * lines are, or a list (empty for a blank line). No wrapper object: a cache holds 100,000 of them. The
 * passages are made at the place where the line was read (see `placePassage`).
 */
export type LineReading = ArtifactSectionName | Passage | readonly Passage[];

/** Where a line sits in an artifact: the position of its first passage, its line number and its section. */
export interface LinePlace {
  position: number;
  line: number;
  section: ArtifactSectionName;
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

// The ids of "cannot" and "can't": rule phrases come first in the lists, so a rule phrase's id is its index.
const CANNOT_IDS: readonly number[] = ['cannot', "can't"].map((phrase) => RULE_CUES.indexOf(phrase));

/**
 * The cues, without "can't" as a rule cue when it only says what the speaker does not know ("I can't tell");
 * none at all when the passage only reports that nothing is known ("I have nothing on this yet").
 */
function withoutUnsureCannot(text: string, cues: CueHits): CueHits {
  if (text.includes('nothing') && reportsNothingKnown(text)) return NO_HITS;
  if (!cues.rule.some((id) => CANNOT_IDS.includes(id)) || !cannotIsOnlyUnsure(text)) return cues;
  return { ...cues, rule: cues.rule.filter((id) => !CANNOT_IDS.includes(id)) };
}

// The id of the decision phrase "use": decision phrases follow the rule phrases.
const USE_ID = RULE_CUES.length + DECISION_CUES.indexOf('use');
// "use" as a noun: "find every use of X", "the uses of", "in use", "no use".
const USE_WORD = /\buses?\b/gi;
const NOUN_USE_AFTER = /^uses?\s+of\b/i;
const NOUN_USE_BEFORE = /\b(?:in|no)\s+$/i;

/**
 * The cues, without "use" as a decision cue when every "use" of the text is the noun ("find every use of
 * `sku`" asks for a search; it decides nothing).
 */
function withoutNounUse(text: string, cues: CueHits): CueHits {
  if (!cues.decision.includes(USE_ID)) return cues;
  for (const match of text.matchAll(USE_WORD)) {
    const at = match.index;
    const noun =
      NOUN_USE_AFTER.test(text.slice(at, at + 10)) ||
      NOUN_USE_BEFORE.test(text.slice(Math.max(0, at - 4), at));
    if (!noun) return cues;
  }
  return { ...cues, decision: cues.decision.filter((id) => id !== USE_ID) };
}

// The ids of the override phrases "no longer" and "not anymore": override phrases follow the decision phrases.
const NO_LONGER_IDS: readonly number[] = ['no longer', 'not anymore'].map(
  (phrase) => RULE_CUES.length + DECISION_CUES.length + OVERRIDE_CUES.indexOf(phrase),
);
const NO_LONGER = /\b(?:no longer|not anymore)\b/gi;
// "…a test that proves the script no longer runs": the state a check is to show, not a change of plan.
const CHECKED_STATE =
  /\b(?:prove|proves|show|shows|check|checks|verify|verifies|confirm|confirms|ensure|ensures|assert|asserts|make sure)\b[^.;!?]{0,60}$/i;

/**
 * The cues, without "no longer" as an override where every "no longer" of the text says what a check is to
 * show ("write a test that proves the page no longer crashes").
 */
function withoutCheckedState(text: string, cues: CueHits): CueHits {
  if (!cues.override.some((id) => NO_LONGER_IDS.includes(id))) return cues;
  for (const match of text.matchAll(NO_LONGER)) {
    if (!CHECKED_STATE.test(text.slice(Math.max(0, match.index - 80), match.index))) return cues;
  }
  return { ...cues, override: cues.override.filter((id) => !NO_LONGER_IDS.includes(id)) };
}

/**
 * The cues, without the fact words ("region", "limit", "path") that only a file's path holds
 * (`src/jobs/region-limiter.ts`): those name the file, they state no fact. Only read again for a passage with
 * a fact cue that names a file.
 */
function withoutPathCues(text: string, cues: CueHits, { context, idsOfWords }: ReadingSession): CueHits {
  if (cues.fact.length === 0 || !namesFile(text)) return cues;
  const ids = wordsOf(normalizeText(withoutFilePaths(text))).map((word) =>
    idOfWord(word, context, idsOfWords),
  );
  const prose = matchCues(ids, 0, ids.length, context.lexicon).fact;
  const fact = cues.fact.filter((id) => prose.includes(id));
  return fact.length === cues.fact.length ? cues : { ...cues, fact };
}

/** The id of a word's stem, looked up in the artifact's words first. */
function idOfWord(word: string, context: ReadingContext, idsOfWords: Map<string, number>): number {
  let id = idsOfWords.get(word);
  if (id === undefined) {
    id = context.vocabulary.idOfWord(word);
    idsOfWords.set(word, id);
  }
  return id;
}

/** A vocabulary, and the cue lexicon compiled against its stem ids: what lines are read with. */
export interface ReadingContext {
  vocabulary: StemVocabulary;
  lexicon: CueLexicon;
}

/** A new vocabulary, holding the cue phrases' stems, and the lexicon compiled against it. */
export function createReadingContext(): ReadingContext {
  const vocabulary = createStemVocabulary();
  return { vocabulary, lexicon: compileCueLexicon(CUE_LISTS, vocabulary.internStem) };
}

/**
 * Where passages write their stem ids, one passage after another: a buffer that doubles when full (the
 * passages written before keep the old one, which holds their ids), so a passage costs no array of its own.
 */
export interface StemIdSink {
  ids: Uint32Array;
  end: number;
}

/** An empty sink, with room for `capacity` ids before it first grows. */
export function createStemIdSink(capacity = 4096): StemIdSink {
  return { ids: new Uint32Array(Math.max(capacity, 64)), end: 0 };
}

/** Room for `count` more ids at `sink.end`. */
function reserve(sink: StemIdSink, count: number): void {
  if (sink.end + count <= sink.ids.length) return;
  const grown = new Uint32Array(Math.max(sink.ids.length * 2, sink.end + count));
  grown.set(sink.ids.subarray(0, sink.end));
  sink.ids = grown;
}

/**
 * What the lines of one artifact are read with: the reading context, and the ids of the words met so far in
 * this artifact (a small map is quicker to look up than the whole vocabulary, and most words repeat).
 * One per artifact, dropped after it.
 */
export interface ReadingSession {
  context: ReadingContext;
  idsOfWords: Map<string, number>;
}

// Numbers, versions, ports, paths and URLs are what facts are usually made of.
const FACT_SHAPE = /\d|\w\/\w/;

const LIST_MARKER = /^(?:[-*•]|\d+[.)])\s+/;

/** Whether the line may start with a list marker: most lines do not, and skip the regular expression. */
function mayHaveListMarker(line: string): boolean {
  const first = line.charCodeAt(0);
  return first === 45 || first === 42 || first === 0x2022 || (first >= 48 && first <= 57);
}

const NO_PASSAGES: readonly Passage[] = Object.freeze([]);

const NO_CUE_IDS: readonly number[] = Object.freeze([]);

/**
 * Reads one line: a section heading, or one passage per piece `splitLine` makes of it once its list marker is
 * off, each with its normalised text, stem ids (written to `sink`) and cue phrases, made at `place`. Pieces
 * that normalise to nothing are dropped.
 */
export function readLine(
  line: string,
  reading: ReadingSession,
  sink: StemIdSink,
  place: LinePlace,
): LineReading {
  const trimmed = line.trim();
  if (trimmed === '') return NO_PASSAGES;
  const heading = sectionOfHeading(trimmed);
  if (heading !== undefined) return heading;
  const body = mayHaveListMarker(trimmed) ? trimmed.replace(LIST_MARKER, '') : trimmed;
  // Most lines are one passage: no lists to make for them.
  if (body.length <= MAX_LINE_PASSAGE) {
    return readPassage(body, reading, sink, place, place.position) ?? NO_PASSAGES;
  }
  const passages: Passage[] = [];
  for (const text of splitLine(body)) {
    const passage = readPassage(text, reading, sink, place, place.position + passages.length);
    if (passage !== undefined) passages.push(passage);
  }
  return passages.length === 1 ? (passages[0] as Passage) : passages;
}

/** One passage read, at `position` of `place`; undefined when the text normalises to nothing. */
function readPassage(
  text: string,
  session: ReadingSession,
  sink: StemIdSink,
  place: LinePlace,
  position: number,
): Passage | undefined {
  const normalized = normalizeText(text);
  if (normalized === '') return undefined;
  const words = wordsOf(normalized);
  reserve(sink, words.length);
  const { ids } = sink;
  const start = sink.end;
  let end = start;
  const { context, idsOfWords } = session;
  for (const word of words) ids[end++] = idOfWord(word, context, idsOfWords);
  sink.end = end;
  const cues = withoutPathCues(
    text,
    withoutCheckedState(
      text,
      withoutNounUse(text, withoutUnsureCannot(text, matchCues(ids, start, end, context.lexicon))),
    ),
    session,
  );
  return {
    position,
    line: place.line,
    section: place.section,
    text,
    normalized,
    stemIds: ids,
    stemStart: start,
    stemEnd: end,
    cues,
    cueIds: cueIdsOf(cues),
    factShape: FACT_SHAPE.test(text) ? 1 : 0,
  };
}

function cueIdsOf(cues: CueHits): readonly number[] {
  const { rule, decision, override, task, entity, fact } = cues;
  // Most passages hold no cue: one shared empty list.
  const count = rule.length + decision.length + override.length + task.length + entity.length + fact.length;
  return count === 0 ? NO_CUE_IDS : [...rule, ...decision, ...override, ...task, ...entity, ...fact];
}

/**
 * The passage as it sits at `position`, `line`, `section`: itself when that is where it was read (always so
 * in the artifact that read it, and in every artifact that keeps the same lines above it), else a copy.
 */
export function placePassage(
  passage: Passage,
  position: number,
  line: number,
  section: ArtifactSectionName,
): Passage {
  if (passage.position === position && passage.line === line && passage.section === section) return passage;
  return { ...passage, position, line, section };
}

/**
 * The line's passages with their stem ids copied to `sink`, so that they stop holding the buffer they were
 * written to (a cache moving a line from one generation to the next lets the old generation's buffer go).
 */
export function moveLineStems(reading: LineReading, sink: StemIdSink): LineReading {
  if (typeof reading === 'string') return reading;
  if ('text' in reading) return movePassageStems(reading, sink);
  return reading.map((passage) => movePassageStems(passage, sink));
}

function movePassageStems(passage: Passage, sink: StemIdSink): Passage {
  const count = passage.stemEnd - passage.stemStart;
  reserve(sink, count);
  const start = sink.end;
  sink.ids.set(passage.stemIds.subarray(passage.stemStart, passage.stemEnd), start);
  sink.end += count;
  return { ...passage, stemIds: sink.ids, stemStart: start, stemEnd: sink.end };
}
