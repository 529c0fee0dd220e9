import type { ArtifactSectionName } from '../../artifact/artifact-sections.js';
import { createEchoIndex } from './echoed-lines.js';
import {
  type ArtifactLineReader,
  createLineReadingCache,
  type LineReadingCache,
} from './line-reading-cache.js';
import type { Passage } from './passage.js';
import { quoteReader } from './quoted-turns.js';
import { CUE_PHRASE_COUNT, type LinePlace, placePassage } from './read-line.js';
import { splitLinesCompactly } from './split-lines-compactly.js';
import type { StemVocabulary } from './stem-vocabulary.js';

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
 * Reads an artifact text into passages: every non-empty line that is not a section heading, a message quoting
 * an earlier one (see `quoteReader`) or a repetition of earlier passages after a lead-in (see `createEchoIndex`);
 * a line over 300 characters gives one passage per sentence. Each passage knows its line and the section it
 * sits in (the nearest heading above it, else `Summary`). Lines come through `lines`, so a reader that keeps one cache
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
  const added =
    previous !== undefined && extendsText(artifactText, previous.text)
      ? artifactText.slice(previous.text.length + 1)
      : undefined;
  const reader = lines.startArtifact(added?.length ?? artifactText.length);
  if (added !== undefined && previous?.parsed.vocabulary === reader.vocabulary) {
    return appendLines(previous.parsed, splitLinesCompactly(added), reader);
  }
  return appendLines(undefined, splitLinesCompactly(artifactText), reader);
}

/** Whether `text` is `earlier`, a line break and more. */
export function extendsText(text: string, earlier: string): boolean {
  return text.length > earlier.length && text.charCodeAt(earlier.length) === 10 && text.startsWith(earlier);
}

/** The parse of `base`'s text (none: the empty start) followed by `rawLines`, base left as it was. */
function appendLines(
  base: ParsedArtifact | undefined,
  rawLines: readonly string[],
  reader: ArtifactLineReader,
): ParsedArtifact {
  const firstPosition = base?.passages.length ?? 0;
  const passages = base?.passages.slice() ?? [];
  const quotesEarlier = quoteReader(passages);
  const lineOffset = base?.lineCount ?? 0;
  const place: LinePlace = { position: 0, line: 0, section: base?.endSection ?? 'Summary' };
  let stemCount = base?.stemIds.length ?? 0;
  // A line repeating earlier passages word for word is left out: they are read where first said.
  const echoes = createEchoIndex(passages.map((passage) => passage.text));
  const add = (passage: Passage) => {
    passages.push(placePassage(passage, passages.length, place.line, place.section));
    stemCount += passage.stemEnd - passage.stemStart;
    echoes.add(passage.text);
  };
  for (let index = 0; index < rawLines.length; index++) {
    const rawLine = rawLines[index] as string;
    if (echoes.repeats(rawLine)) continue;
    place.position = passages.length;
    place.line = lineOffset + index + 1;
    // A message quoting an earlier one restates it: it is not read as a newer word (see `quoteReader`).
    if (quotesEarlier(rawLine)) continue;
    const reading = reader.read(rawLine, place);
    if (typeof reading === 'string') place.section = reading;
    else if ('text' in reading) add(reading);
    else for (const passage of reading) add(passage);
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
  for (let position = firstPosition; position < passages.length; position++) {
    const passage = passages[position] as Passage;
    if (passage.cueIds.length > 0 || passage.section !== 'Summary') notable.push(position);
    for (const id of passage.cueIds) cueFrequency[id] = (cueFrequency[id] as number) + 1;
    factShapeFrequency += passage.factShape;
    const ids = passage.stemIds;
    for (let index = passage.stemStart; index < passage.stemEnd; index++)
      stemIds[stemEnd++] = ids[index] as number;
    stemStarts[position + 1] = stemEnd;
  }
  return {
    passages,
    cueFrequency,
    factShapeFrequency,
    stemIds,
    stemStarts,
    stemIdLimit: reader.vocabulary.stemCount,
    vocabulary: reader.vocabulary,
    notablePositions: Uint32Array.from(notable),
    lineCount: lineOffset + rawLines.length,
    endSection: place.section,
  };
}
