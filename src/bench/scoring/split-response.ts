import { CLAUSE_SPLITTING_WORDS } from './mention-cues.js';
import { normalizeText, stripMarkdownLinks } from './normalize.js';

/** What opens a word: nothing, a phrase (after a comma, bracket or dash) or a clause (after a sentence end). */
export const OPENS_NOTHING = 0;
/** The word opens a phrase: it follows a comma, a bracket or a spaced dash. */
export const OPENS_PHRASE = 1;
/** The word opens a clause: it follows a sentence end, a semicolon, a line break, "but" or "however". */
export const OPENS_CLAUSE = 2;

/** One line of the response, as the label rule of classifyMention needs it. */
export interface ResponseLine {
  /** A markdown list item: `- x`, `* x`, `1. x`, `2) x`. */
  readonly listItem: boolean;
  /** A heading, a line ending with a colon, or a line that is all bold: it introduces what follows. */
  readonly label: boolean;
  /** Nothing but whitespace. */
  readonly blank: boolean;
  /**
   * Words of a short inline label that opens the line ("Forbidden behaviors: X; Y" has 2), or 0: up to five
   * words before the line's first colon, with no sentence end among them.
   */
  readonly inlineLabelWords: number;
}

/** A response cut into normalised words, with the clause and phrase structure the punctuation gave it. */
export interface SplitResponse {
  /** The normalised words in order. */
  readonly words: readonly string[];
  /** The words joined by single spaces: the text matches are searched in. */
  readonly text: string;
  /** Where each word starts in `text`. */
  readonly starts: readonly number[];
  /** OPENS_NOTHING, OPENS_PHRASE or OPENS_CLAUSE for each word. */
  readonly opens: Uint8Array;
  /** The line index of each word. */
  readonly lineOf: Uint32Array;
  /** One entry per line of the response. */
  readonly lines: readonly ResponseLine[];
}

const LIST_ITEM = /^[ \t]*(?:[-*+•‣◦▪]|\d{1,9}[.)])[ \t]+/;
const HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/;
const ALL_BOLD = /^[ \t]*(?:\*\*|__)[^*_]+(?:\*\*|__)[ \t]*$/;
const CLAUSE_ENDS = new Set(['.', '!', '?', ';', '…']);
const ALWAYS_CLAUSE_ENDS = new Set(['。', '｡']);
const PHRASE_BREAKS = new Set(['(', ')', '[', ']', '—', '–', '、']);
// Closing quotes, brackets and emphasis may sit between a sentence end and the space after it: `never X."`.
const TRAILING_CLOSERS = new Set([')', ']', '"', "'", '*', '_', '`', '’', '”', '»']);
// A full stop after one of these is not a sentence end ("e.g. on Fridays").
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'eg', 'ie', 'vs', 'cf', 'approx', 'incl', 'esp', 'fig', 'al']);
const SPLITTING_WORDS = new Set(CLAUSE_SPLITTING_WORDS);

/**
 * Cuts a response into normalised words and marks where clauses and phrases open. A sentence end counts
 * only before whitespace or the end of the line, so `config.yaml`, `v1.2.3` and URLs stay whole. Linear in
 * the length of the response.
 */
export function splitResponse(response: string): SplitResponse {
  const builder = new WordsBuilder();
  const lines = response.normalize('NFKC').split(/\r\n|\r|\n/);
  const lineInfo: ResponseLine[] = [];
  for (const [index, rawLine] of lines.entries()) {
    // Links are resolved first, so the `(` of a link target never reads as a bracket.
    const line = stripMarkdownLinks(rawLine);
    lineInfo.push(describeLine(line));
    builder.open(OPENS_CLAUSE);
    splitLine(line, index, builder);
  }
  return builder.finish(lineInfo);
}

function describeLine(line: string): ResponseLine {
  const content = line.replace(/[\s*_`]+$/, '');
  return {
    listItem: LIST_ITEM.test(line),
    label: HEADING.test(line) || content.endsWith(':') || ALL_BOLD.test(line),
    blank: line.trim().length === 0,
    inlineLabelWords: inlineLabelWords(line),
  };
}

const MAX_INLINE_LABEL_WORDS = 5;

function inlineLabelWords(line: string): number {
  const colon = line.search(/:(?:\s|$)/);
  if (colon < 0) return 0;
  const prefix = line.slice(0, colon);
  if (/[.!?;](?:\s|$)/.test(prefix)) return 0;
  const words = normalizeText(prefix);
  const count = words === '' ? 0 : words.split(' ').length;
  return count <= MAX_INLINE_LABEL_WORDS ? count : 0;
}

/** Feeds one line to the builder, piece by piece between breaks. */
function splitLine(line: string, lineIndex: number, builder: WordsBuilder): void {
  let pieceStart = 0;
  for (let index = 0; index < line.length; index++) {
    const character = line.charAt(index);
    let opens = OPENS_NOTHING;
    if (ALWAYS_CLAUSE_ENDS.has(character)) opens = OPENS_CLAUSE;
    else if (CLAUSE_ENDS.has(character) && endsSentence(line, index)) opens = OPENS_CLAUSE;
    else if (PHRASE_BREAKS.has(character)) opens = OPENS_PHRASE;
    else if (character === ',' && isSpaceOrEnd(line, index + 1)) opens = OPENS_PHRASE;
    else if (character === '-' && line.charAt(index - 1) === ' ' && line.charAt(index + 1) === ' ') {
      opens = OPENS_PHRASE;
    }
    if (opens === OPENS_NOTHING) continue;
    builder.add(line.slice(pieceStart, index), lineIndex);
    builder.open(opens);
    pieceStart = index + 1;
  }
  builder.add(line.slice(pieceStart), lineIndex);
}

function endsSentence(line: string, index: number): boolean {
  let next = index + 1;
  while (next < line.length && TRAILING_CLOSERS.has(line.charAt(next))) next++;
  if (!isSpaceOrEnd(line, next)) return false;
  if (line.charAt(index) !== '.') return true;
  // Look back over the word before the full stop (letters and inner dots only, a few characters at most).
  let start = index;
  while (start > 0 && index - start < 8 && /[A-Za-z.]/.test(line.charAt(start - 1))) start--;
  return !ABBREVIATIONS.has(line.slice(start, index).toLowerCase());
}

function isSpaceOrEnd(line: string, index: number): boolean {
  return index >= line.length || /\s/.test(line.charAt(index));
}

/** Accumulates words; remembers the strongest break seen since the last word. */
class WordsBuilder {
  private readonly words: string[] = [];
  private readonly starts: number[] = [];
  private readonly opens: number[] = [];
  private readonly lineOf: number[] = [];
  private length = 0;
  private pending = OPENS_CLAUSE;

  open(opens: number): void {
    this.pending = Math.max(this.pending, opens);
  }

  add(piece: string, lineIndex: number): void {
    const normalized = normalizeText(piece);
    if (normalized.length === 0) return;
    for (const word of normalized.split(' ')) {
      this.starts.push(this.length === 0 ? 0 : this.length + 1);
      this.length += (this.length === 0 ? 0 : 1) + word.length;
      this.words.push(word);
      this.opens.push(this.pending);
      this.lineOf.push(lineIndex);
      // "but" and "however" end the clause they are in; the word after them opens a new one.
      this.pending = SPLITTING_WORDS.has(word) ? OPENS_CLAUSE : OPENS_NOTHING;
    }
  }

  finish(lines: ResponseLine[]): SplitResponse {
    return {
      words: this.words,
      text: this.words.join(' '),
      starts: this.starts,
      opens: Uint8Array.from(this.opens),
      lineOf: Uint32Array.from(this.lineOf),
      lines,
    };
  }
}
