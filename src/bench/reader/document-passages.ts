import type { ParsedArtifact } from './parse-artifact-text.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

/**
 * Which passages of a tool's output are a document's prose: sentences people wrote for people to read (a
 * CONTRIBUTING.md, a runbook, a ticket body, a review comment, a hook's message), as against the logs, code,
 * listings and build output around them. What such a passage says is written down for the reader, as what a
 * person says in the conversation is: the reader weighs it as a note, not as a record of the machine.
 */

// Code and machine records: braces, assignments, tags, pipes, a docstring's quotes.
const CODE_CHARACTERS = /[{}=<>|\\]|"""/;
// A sentence ends as one: a full stop, a question or an exclamation (a commit subject or a heading does not).
const SENTENCE_END = /[.!?][)"'’”]?$/;
// A commit hash or a line number opening a line: a listing, whatever follows. A source location opening it
// ("src/a.ts(12,4): error …", "lib/b.go:40:2: …"): a compiler's or a linter's diagnostic, or a search hit.
const LISTING = /^(?:[0-9a-f]{7,40}|\d+)\s|^[^\s:()]+(?:\(\d+,\s?\d+\)|:\d+(?::\d+)?):(?:\s|$)/;
// `inline code` in prose ("run `make bootstrap` once") is part of the sentence, not code around it.
const INLINE_CODE = /`[^`]*`/g;
// A word of prose: letters, maybe a hyphen or apostrophe, maybe followed by punctuation.
const PROSE_WORD = /^[("'‘“]?[A-Za-z][a-z'’-]*[)"'’”]?[,.;:!?]?$/;
// A markdown heading, a list marker or a comment marker opening a line.
const MARKER = /^(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+|\/\/\s+|--\s+)/;

// A comment line in code or a config file.
const COMMENT = /^(?:#|\/\/)\s+\S/;
/** The fewest words a comment line that does not end a sentence needs to be read as prose. */
const MIN_COMMENT_WORDS = 10;

/** The fewest words a passage needs to be read as a sentence of prose. */
const MIN_WORDS = 6;
/** The share of its words that must be plain words (not paths, numbers or identifiers). */
const MIN_PROSE_SHARE = 0.7;

/** Whether a passage's text reads as a sentence of prose, not code, a log line or a listing. */
export function readsAsProse(text: string): boolean {
  const unmarked = withoutHeader(text);
  const body = unmarked.replace(MARKER, '').replace(INLINE_CODE, 'code');
  if (CODE_CHARACTERS.test(body) || LISTING.test(body)) return false;
  const words = body.split(/\s+/).filter((word) => word !== '');
  // A comment wrapped over lines ("# Base image is pinned to … on purpose: the extensions are built against")
  // ends mid-sentence: a long one is prose all the same.
  const wrappedComment = COMMENT.test(unmarked) && words.length >= MIN_COMMENT_WORDS;
  if (!SENTENCE_END.test(body) && !wrappedComment) return false;
  if (words.length < MIN_WORDS) return false;
  const prose = words.filter((word) => PROSE_WORD.test(word)).length;
  return prose >= MIN_PROSE_SHARE * words.length;
}

const cache = new WeakMap<ParsedArtifact, Uint8Array>();

/** 1 for each passage inside a tool's output that reads as a document's prose (see `readsAsProse`), else 0. */
export function documentProse(parsed: ParsedArtifact): Uint8Array {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const { inOutput } = toolExchanges(parsed);
  const prose = new Uint8Array(parsed.passages.length);
  parsed.passages.forEach((passage, position) => {
    if (inOutput[position] === 1 && readsAsProse(passage.text)) prose[position] = 1;
  });
  cache.set(parsed, prose);
  return prose;
}
