import type { ArtifactSectionName } from './artifact-sections.js';
import type { CueHits } from './cue-matcher.js';
import {
  CUE_PHRASE_COUNT,
  createLineReadingCache,
  type LineReadingCache,
  type PassageReading,
} from './line-reading-cache.js';
import type { StemVocabulary } from './stem-vocabulary.js';

/** One quotable piece of an artifact text (a line, or a sentence of a long line), read once. */
export interface Passage {
  /** Reading order: 0 for the first passage. */
  position: number;
  /** 1-based line of the artifact text. */
  line: number;
  section: ArtifactSectionName;
  /** The passage as written, without a list marker. */
  text: string;
  /** `normalizeText(text)`. */
  normalized: string;
  /** The cue phrases it holds, by kind. */
  cues: CueHits;
  /** 1 when it looks like a fact (a number, a path or a URL), else 0: counted with the fact cues. */
  factShape: number;
}

/** An artifact text as a reader sees it: its passages in reading order. */
export interface ParsedArtifact {
  passages: Passage[];
  /** In how many passages each cue phrase (by id) occurs. */
  cueFrequency: Uint32Array;
  /** In how many passages `factShape` is 1. */
  factShapeFrequency: number;
  /**
   * The stem of every word of every passage as an id of `vocabulary`, passage after passage: those of the
   * passage at position `p` run from `stemStarts[p]` to `stemStarts[p + 1]`. Every id is below `stemIdLimit`.
   */
  stemIds: Uint32Array;
  stemStarts: Uint32Array;
  stemIdLimit: number;
  vocabulary: StemVocabulary;
  /**
   * Positions, in order, of the passages that hold a cue phrase or sit in a section other than the summary:
   * the only ones a search for rules and decisions needs to visit.
   */
  notablePositions: Uint32Array;
  /** The text's number of lines (`split('\n')`): the number the first line appended to it follows. */
  lineCount: number;
  /** The section the text ends in: the one lines appended to it sit in until a heading. */
  endSection: ArtifactSectionName;
}

/** The id of a stem in `parsed.stemIds`' numbering; undefined when no passage of it can hold the stem. */
export function stemIdIn(parsed: ParsedArtifact, stem: string): number | undefined {
  const id = parsed.vocabulary.idOfStem(stem);
  return id !== undefined && id < parsed.stemIdLimit ? id : undefined;
}

/**
 * Reads an artifact text into passages: every non-empty line that is not a section heading; a line over 300
 * characters gives one passage per sentence. Each passage knows its line and the section it sits in (the
 * nearest heading above it, else `Summary`). Lines come through `lines`, so a reader that keeps one cache
 * reads a line shared with an earlier artifact only once; the counts over passages are made here.
 *
 * `previous`, the parse of an earlier text through the same cache, is reused when the text is that text, a
 * line break and more lines (a drift cycle's verbatim transcript grows that way): only the added lines are
 * visited. The result is the same as without it. Linear in the length of the text, or of the added lines.
 */
export function parseArtifactText(
  artifactText: string,
  lines: LineReadingCache = createLineReadingCache(),
  previous?: { text: string; parsed: ParsedArtifact },
): ParsedArtifact {
  const vocabulary = lines.startArtifact();
  if (
    previous !== undefined &&
    previous.parsed.vocabulary === vocabulary &&
    extendsText(artifactText, previous.text)
  ) {
    const added = artifactText.slice(previous.text.length + 1).split('\n');
    return appendLines(previous.parsed, added, lines, vocabulary);
  }
  return appendLines(undefined, artifactText.split('\n'), lines, vocabulary);
}

/** Whether `text` is `earlier`, a line break and more. */
export function extendsText(text: string, earlier: string): boolean {
  return text.length > earlier.length && text.charCodeAt(earlier.length) === 10 && text.startsWith(earlier);
}

/** The parse of `base`'s text (none: the empty start) followed by `rawLines`, base left as it was. */
function appendLines(
  base: ParsedArtifact | undefined,
  rawLines: readonly string[],
  lines: LineReadingCache,
  vocabulary: StemVocabulary,
): ParsedArtifact {
  const firstPosition = base?.passages.length ?? 0;
  const passages = base?.passages.slice() ?? [];
  const readings: PassageReading[] = [];
  const lineOffset = base?.lineCount ?? 0;
  let section = base?.endSection ?? 'Summary';
  let stemCount = base?.stemIds.length ?? 0;
  const add = (passage: PassageReading, line: number) => {
    passages.push({
      position: passages.length,
      line,
      section,
      text: passage.text,
      normalized: passage.normalized,
      cues: passage.cues,
      factShape: passage.factShape,
    });
    readings.push(passage);
    stemCount += passage.stemIds.length;
  };
  for (let index = 0; index < rawLines.length; index++) {
    const reading = lines.read(rawLines[index] as string);
    if (typeof reading === 'string') section = reading;
    else if ('text' in reading) add(reading, lineOffset + index + 1);
    else for (const passage of reading) add(passage, lineOffset + index + 1);
  }
  const cueFrequency = base === undefined ? new Uint32Array(CUE_PHRASE_COUNT) : base.cueFrequency.slice();
  let factShapeFrequency = base?.factShapeFrequency ?? 0;
  const stemIds = new Uint32Array(stemCount);
  const stemStarts = new Uint32Array(passages.length + 1);
  if (base !== undefined) {
    stemIds.set(base.stemIds);
    stemStarts.set(base.stemStarts);
  }
  const notable = base === undefined ? [] : Array.from(base.notablePositions);
  let stemEnd = base?.stemIds.length ?? 0;
  readings.forEach((reading, index) => {
    const position = firstPosition + index;
    if (reading.cueIds.length > 0 || (passages[position] as Passage).section !== 'Summary')
      notable.push(position);
    for (const id of reading.cueIds) cueFrequency[id] = (cueFrequency[id] as number) + 1;
    factShapeFrequency += reading.factShape;
    stemIds.set(reading.stemIds, stemEnd);
    stemEnd += reading.stemIds.length;
    stemStarts[position + 1] = stemEnd;
  });
  return {
    passages,
    cueFrequency,
    factShapeFrequency,
    stemIds,
    stemStarts,
    stemIdLimit: vocabulary.stemCount,
    vocabulary,
    notablePositions: Uint32Array.from(notable),
    lineCount: lineOffset + rawLines.length,
    endSection: section,
  };
}
