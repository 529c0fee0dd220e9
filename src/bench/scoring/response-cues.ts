import { buildCueTrie, type CueMatch, type CueTrie } from './cue-trie.js';
import {
  AFFIRMING_PREDICATES,
  CLAUSE_NEGATIONS,
  NEUTRAL_PHRASES,
  PHRASE_NEGATIONS,
  PHRASE_START_BREAKERS,
  REJECTING_PREDICATES,
  REPLACEMENT_CUES,
  SCOPE_BREAKERS,
  TRAILING_MARKERS,
} from './mention-cues.js';
import { OPENS_NOTHING, OPENS_PHRASE, type SplitResponse } from './split-response.js';

/** What a cue before a value does to it. */
export type LeadingCueKind =
  | 'neutral'
  | 'breaker'
  | 'phrase-start-breaker'
  | 'clause'
  | 'replacement'
  | 'phrase';

/** What a predicate after a value says about it. */
export type TrailingCueKind = 'affirm' | 'reject';

// Neutral phrases come first so that "don't forget" is never stored as anything else.
const LEADING = buildCueTrie<LeadingCueKind>([
  [NEUTRAL_PHRASES, 'neutral'],
  [SCOPE_BREAKERS, 'breaker'],
  [PHRASE_START_BREAKERS, 'phrase-start-breaker'],
  [CLAUSE_NEGATIONS, 'clause'],
  [REPLACEMENT_CUES, 'replacement'],
  [PHRASE_NEGATIONS, 'phrase'],
]);
const PREDICATES = buildCueTrie<TrailingCueKind>([
  [AFFIRMING_PREDICATES, 'affirm'],
  [REJECTING_PREDICATES, 'reject'],
]);
const MARKERS = buildCueTrie<TrailingCueKind>([[TRAILING_MARKERS, 'reject']]);

/** The cues found in one response, computed once and shared by every value looked up in it. */
export interface ResponseCues {
  /** Leading cues starting at each word, longest first; undefined where there are none. */
  readonly leading: readonly (readonly CueMatch<LeadingCueKind>[] | undefined)[];
  /** For words under a rejecting label ("Never do these:" followed by list items), the label's cue. */
  readonly labelCue: readonly (string | undefined)[];
  /** The longest predicate starting at a word, if any. */
  predicateAt(index: number): CueMatch<TrailingCueKind> | undefined;
  /** The longest trailing marker starting at a word, if any. */
  markerAt(index: number): CueMatch<TrailingCueKind> | undefined;
}

/**
 * Finds every cue of a split response. A cue never spans a clause or phrase break ("not. Only" is not
 * "not only"), and a phrase-start breaker counts only where a phrase opens.
 */
export function findResponseCues(split: SplitResponse): ResponseCues {
  const { words, opens } = split;
  const fits = <Kind>(index: number, match: CueMatch<Kind>): boolean => {
    for (let inner = index + 1; inner < index + match.length; inner++) {
      if (opens[inner] !== OPENS_NOTHING) return false;
    }
    return true;
  };
  const leading: (CueMatch<LeadingCueKind>[] | undefined)[] = new Array(words.length);
  for (let index = 0; index < words.length; index++) {
    const found = LEADING.matchesAt(words, index).filter(
      (match) =>
        fits(index, match) &&
        (match.kind !== 'phrase-start-breaker' || (opens[index] ?? OPENS_NOTHING) >= OPENS_PHRASE),
    );
    if (found.length > 0) leading[index] = found;
  }
  const fitting = (trie: CueTrie<TrailingCueKind>, index: number) =>
    trie.matchesAt(words, index).find((match) => fits(index, match));
  return {
    leading,
    labelCue: findLabelCues(split, leading, (index) => fitting(MARKERS, index)),
    predicateAt: (index) => fitting(PREDICATES, index),
    markerAt: (index) => fitting(MARKERS, index),
  };
}

/**
 * The one way a rejection crosses clauses: a label whose own words reject ("Never do these:", "## Superseded",
 * "Forbidden behaviors: X; Y") carries its cue to what it introduces. A label line carries to the block
 * under it: either a list (blank lines allowed between items) or a paragraph of plain lines (up to the first
 * blank line); the block ends at a line of the other kind or at the next label. An inline label carries to the
 * rest of its line. Without this, "Forbidden:\n- deploy on Fridays" would read as an instruction.
 */
function findLabelCues(
  split: SplitResponse,
  leading: readonly (readonly CueMatch<LeadingCueKind>[] | undefined)[],
  markerAt: (index: number) => CueMatch<TrailingCueKind> | undefined,
): (string | undefined)[] {
  const { words, lineOf, lines } = split;
  const labelCue: (string | undefined)[] = new Array(words.length);
  let carried: string | undefined;
  let block: 'start' | 'list' | 'plain' = 'start';
  let index = 0;
  for (let line = 0; line < lines.length; line++) {
    const first = index;
    while (index < words.length && lineOf[index] === line) index++;
    const info = lines[line];
    if (!info) continue;
    if (info.label) {
      carried = rejectingCueIn(first, index, leading, markerAt);
      block = 'start';
      continue;
    }
    if (info.blank) {
      if (block === 'plain') carried = undefined;
      continue;
    }
    const kind = info.listItem ? 'list' : 'plain';
    if (carried && (block === 'start' || block === kind)) {
      block = kind;
      for (let word = first; word < index; word++) labelCue[word] = `label "${carried}"`;
      continue;
    }
    carried = undefined;
    const inline = info.inlineLabelWords;
    const inlineCue = inline > 0 ? rejectingCueIn(first, first + inline, leading, markerAt) : undefined;
    if (inlineCue === undefined) continue;
    for (let word = first + inline; word < index; word++) labelCue[word] = `label "${inlineCue}"`;
  }
  return labelCue;
}

/** The first rejecting cue among the words [from, to), reading neutral phrases as units. */
function rejectingCueIn(
  from: number,
  to: number,
  leading: readonly (readonly CueMatch<LeadingCueKind>[] | undefined)[],
  markerAt: (index: number) => CueMatch<TrailingCueKind> | undefined,
): string | undefined {
  for (let index = from; index < to; index++) {
    const match = leading[index]?.[0];
    if (match?.kind === 'neutral') {
      index += match.length - 1;
      continue;
    }
    if (match && (match.kind === 'clause' || match.kind === 'replacement' || match.kind === 'phrase')) {
      return match.phrase;
    }
    const marker = markerAt(index);
    if (marker) return marker.phrase;
  }
  return undefined;
}
