import { classifyMention } from '../scoring/mentions.js';
import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { holdsShape } from './answer-shapes.js';
import { contentStems, stemOf, wordsOf } from './content-words.js';
import type { Focus } from './focus-passage.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import { distinctiveLimit, passageFrequency, reversingLines } from './plan-reversals.js';
import { asksWhatCalled } from './question-shape.js';
import { planIdiomAt, saidPassages, sentenceEnd, sentenceStartOf } from './said-passages.js';
import { findSupersessions } from './superseded-values.js';

/**
 * What the conversation replaced and did not take up again, each with the position of the passage that
 * replaced it: only a passage written before that position states it as current. Read once per parsed artifact.
 */
interface SupersededTerms {
  /** Values taken back ("port 6457" after "sorry, it's 6437"), normalised (`normalizeText`). */
  values: Map<string, number>;
  /** Stems of the names a change of plan dropped ("scratch that, lantern is taken … ferry": "lantern"). */
  stems: Map<string, number>;
}

const cache = new WeakMap<ParsedArtifact, SupersededTerms>();

// A one- or two-digit number is a count or part of a name more often than a setting: it marks nothing.
const TOO_SHORT = /^\d{1,2}$/;

/**
 * The names a person's change of plan drops, with where the change starts: the distinctive words of its
 * dropping sentence, after any opener ending in a colon ("scratch that, lantern is a product name already"),
 * that a person wrote before it, that two passages before it hold, that nobody writes after it, and that the
 * plan standing after the sentence does not repeat. A word still in use after the change is still current.
 */
function droppedNames(parsed: ParsedArtifact): Map<string, number> {
  const stems = new Map<string, number>();
  const lines = reversingLines(parsed);
  if (lines.length === 0) return stems;
  const frequency = passageFrequency(parsed);
  const limit = distinctiveLimit(parsed);
  const said = saidPassages(parsed);
  for (const line of lines) {
    const first = line[0]?.position ?? 0;
    const last = line.at(-1)?.position ?? 0;
    const whole = line.map((part) => part.text).join(' ');
    const idiom = planIdiomAt(whole);
    if (idiom < 0) continue;
    const end = sentenceEnd(whole, idiom);
    // A colon before the idiom ends a topic or an opener ("back to this morning: scratch that, …"): what it
    // names is not what the change drops.
    const start = Math.max(sentenceStartOf(whole, idiom), whole.lastIndexOf(':', idiom) + 1);
    const standing = new Set(contentStems(whole.slice(end)));
    for (const stem of contentStems(whole.slice(start, end))) {
      const id = stemIdIn(parsed, stem);
      if (id === undefined || standing.has(stem)) continue;
      const count = frequency[id] as number;
      if (count < 2 || count > limit) continue;
      const before = said.some(
        (entry) =>
          entry.passage.position < first &&
          entry.role !== 'assistant' &&
          holdsStem(parsed, entry.passage.position, id),
      );
      // A plan being dropped was taken up: echoed or acted on after it was stated ("Scaffolding lantern…"). A
      // word met once before is the context of the change ("a non-starter with Acme"), not what it drops.
      if (!before || countBefore(parsed, first, id) < 2) continue;
      let after = false;
      for (let position = last + 1; position < parsed.passages.length && !after; position++)
        after = holdsStem(parsed, position, id);
      if (!after) stems.set(stem, first);
    }
  }
  return stems;
}

function countBefore(parsed: ParsedArtifact, end: number, id: number): number {
  let count = 0;
  for (let position = 0; position < end && count < 2; position++)
    if (holdsStem(parsed, position, id)) count++;
  return count;
}

function holdsStem(parsed: ParsedArtifact, position: number, id: number): boolean {
  for (let at = parsed.stemStarts[position] as number; at < (parsed.stemStarts[position + 1] as number); at++)
    if (parsed.stemIds[at] === id) return true;
  return false;
}

function termsOf(parsed: ParsedArtifact): SupersededTerms {
  let terms = cache.get(parsed);
  if (terms !== undefined) return terms;
  const values = new Map<string, number>();
  for (const entry of findSupersessions(parsed))
    if (entry.oldNormalized.length > 0 && !TOO_SHORT.test(entry.oldNormalized))
      values.set(entry.oldNormalized, entry.correction.position);
  terms = { values, stems: droppedNames(parsed) };
  cache.set(parsed, terms);
  return terms;
}

// Loosely, a sentence or a clause after a semicolon: people type "call it lantern. scaffold it…" in lower case.
const PIECE_END = /(?<=[.!?;])\s+/;

/** The terms superseded after `position`: what a passage there states as it then stood. */
function supersededAfter(terms: SupersededTerms, position: number): { stems: Set<string>; values: string[] } {
  const stems = new Set([...terms.stems].filter(([, at]) => at > position).map(([stem]) => stem));
  const values = [...terms.values].filter(([, at]) => at > position).map(([value]) => value);
  return { stems, values };
}

/**
 * Whether a piece names a superseded term. With `asPlan`, a dropped name counts only where the piece does not
 * rule it out (see `namesDroppedAsPlan`); a question naming it is about it either way.
 */
function namesSuperseded(
  piece: string,
  terms: { stems: Set<string>; values: string[] },
  asPlan = false,
): boolean {
  if (terms.stems.size > 0) {
    if (
      asPlan
        ? namesDroppedAsPlan(piece, terms.stems)
        : contentStems(piece).some((stem) => terms.stems.has(stem))
    )
      return true;
  }
  if (terms.values.length === 0) return false;
  const normalized = normalizeText(piece);
  return terms.values.some((value) => findWholeWords(normalized, value, 1).length > 0);
}

/**
 * Whether a piece names a dropped word as something to do: a piece that rules it out ("hard no on the apply
 * until …") agrees with a later change that drops or holds it, and still stands.
 */
function namesDroppedAsPlan(piece: string, stems: ReadonlySet<string>): boolean {
  const named = wordsOf(normalizeText(piece)).filter((word) => stems.has(stemOf(word)));
  return named.length > 0 && named.some((word) => classifyMention(piece, word) !== 'rejected');
}

function sharedStems(piece: string, stems: ReadonlySet<string>): number {
  return contentStems(piece).filter((stem) => stems.has(stem)).length;
}

/**
 * A quote, of passages up to `asOf` written before the conversation superseded a value or name in them, cut to what answers
 * without that value or name: "call it lantern. it listens on 40161." answers "which port?" with "it listens
 * on 40161." once lantern was renamed. The pieces (sentences, loosely) that name none are kept when they still
 * answer: those holding the kind of value asked for (when the question asks for one, only those), else those
 * sharing the question's words. The quote is kept whole when it names nothing superseded since, when the
 * question names it itself, or when no piece answers without it. The passage that supersedes a value is left
 * as it is: it names the old value to take it back.
 */
export function withoutSuperseded(
  parsed: ParsedArtifact,
  asOf: number,
  text: string,
  focus: Focus,
  prompt: string,
): string {
  const all = termsOf(parsed);
  if (all.values.size === 0 && all.stems.size === 0) return text;
  const renamed = ASKS_NAME.test(prompt) ? newNameAfterDrop(all, asOf, text) : undefined;
  if (renamed !== undefined) return renamed;
  const terms = supersededAfter(all, asOf);
  if (!namesSuperseded(text, terms, true) || namesSuperseded(prompt, terms)) return text;
  const pieces = text.split(PIECE_END);
  const clean = pieces.filter((piece) => !namesSuperseded(piece, terms, true));
  if (clean.length === 0) return text;
  const shaped = clean.filter((piece) =>
    focus.wants.some((shape) => holdsShape(piece, shape, focus.common, focus.named)),
  );
  if (shaped.length > 0) return mostAbout(shaped, focus.stems).join(' ');
  // The kind of value asked for is only where the superseded one is: that piece is the answer. A name asked
  // for by "what is X called?" may be a plain word ("kestrel"), which no shape test finds.
  if (focus.wants.length > 0 && !asksWhatCalled(prompt)) return text;
  const about = clean.filter((piece) => sharedStems(piece, focus.stems) > 0);
  return about.length > 0 ? mostAbout(about, focus.stems).join(' ') : text;
}

// A question for a name: "what is the new service called?", "what's the queue named?", "what is its name?".
const ASKS_NAME = /\b(?:called|named)\s*\??\s*$|\bwhat(?:'s| is| was)\s+(?:\w+\s+){0,3}name\b/i;

/** A name given on its own ("ferry.", "call it kestrel then") is a few words. */
const MAX_NAME_WORDS = 4;

/**
 * For "what is X called?" answered by the line that dropped the old name ("scratch that, lantern is taken …
 * ferry. same port."), what follows the sentence dropping it, when that starts with a name given on its own;
 * undefined otherwise.
 */
function newNameAfterDrop(terms: SupersededTerms, asOf: number, text: string): string | undefined {
  const dropped = new Set([...terms.stems].filter(([, at]) => at === asOf).map(([stem]) => stem));
  if (dropped.size === 0) return undefined;
  const names = (piece: string) => contentStems(piece).some((stem) => dropped.has(stem));
  const pieces = text.split(PIECE_END);
  const dropping = pieces.findLastIndex((piece) => planIdiomAt(piece) >= 0 && names(piece));
  if (dropping < 0) return undefined;
  const rest = pieces.slice(dropping + 1).filter((piece) => !names(piece));
  const first = rest[0];
  if (first === undefined || first.split(/\s+/).length > MAX_NAME_WORDS) return undefined;
  return rest.join(' ');
}

/** The pieces sharing at least half as many of the stems as the best piece does, in order. */
function mostAbout(pieces: readonly string[], stems: ReadonlySet<string>): string[] {
  const scores = pieces.map((piece) => sharedStems(piece, stems));
  const top = Math.max(...scores);
  return pieces.filter((_, index) => (scores[index] as number) >= top / 2);
}
