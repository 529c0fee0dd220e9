import { normalizeText } from '../scoring/normalize.js';
import { holdsShape, namesIn } from './answer-shapes.js';
import { contentStems } from './content-words.js';
import type { AnswerShape } from './question-shape.js';
import { withoutHeader } from './tool-exchanges.js';
import { type AskedValue, holdsValue } from './value-kinds.js';

/** What a question looks for in a passage: its words, the kinds of value it wants, whom it asks about. */
export interface Focus {
  stems: ReadonlySet<string>;
  wants: readonly AnswerShape[];
  /** Words the artifact writes in lower case (see `lowercaseWords`): what a name is not made of. */
  common: ReadonlySet<string>;
  /** Names the question itself holds, lower-cased. */
  named: ReadonlySet<string>;
  /** For a yes-or-no question about someone ("Does Ana own X?"), that name, normalised (`normalizeText`). */
  subject: string | undefined;
  /** The particular kind of value asked for ("how long": a duration), if any (see `askedValue`). */
  value?: AskedValue | undefined;
  /**
   * Values the question names itself ("feature/LED-5281" in "Which release is feature/LED-5281 merged for?"):
   * they say what it is about, so a sentence holding one holds no value asked for.
   */
  given?: readonly string[];
}

// A value written with digits or slashes: a branch, a ticket, a path, a version.
const GIVEN_VALUE = /[\w.-]*[\d/][\w./-]*\w/g;

/** The values a question names itself (see `Focus.given`). */
export function givenValues(prompt: string): string[] {
  return Array.from(prompt.matchAll(GIVEN_VALUE), (match) => match[0]).filter((value) => /\d/.test(value));
}

/** The text without the values the question names itself. */
function withoutGiven(text: string, given: readonly string[] | undefined): string {
  if (given === undefined || given.length === 0) return text;
  let rest = text;
  for (const value of given) rest = rest.split(value).join(' ');
  return rest;
}

// A sentence ends after a lower-case word or a digit ("npm ERR! Invalid" goes on) and before a capital.
const SENTENCE_END = /(?<=[\p{Ll}\d)"'’”][.!?])\s+(?=[\p{Lu}"'“‘(])/u;
// Inside a sentence, the pieces a yes-or-no question is answered by: "A owns X, B owns Y".
const CLAUSE_END = /(?<=[,;])\s+|\s+(?:—|–|-)\s+/;

/**
 * The part of a passage that answers the question. For a question asking for a kind of value: its sentences
 * that hold one and most of the question's words, so that an answer quotes "Goal: ship it, Ana Lima leading."
 * and not the superseded approach in the next sentence. A yes-or-no question about someone is answered by the
 * clauses that name them ("Does Ana own billing?": "Ana owns exports", not the whole line that also says who
 * owns billing). The passage is kept whole when no sentence stands out.
 */
export function focusPassage(text: string, focus: Focus): string {
  const sentences = text.split(SENTENCE_END);
  const { subject } = focus;
  if (subject !== undefined) {
    const clauses = sentences
      .flatMap((sentence) => sentence.split(CLAUSE_END))
      .filter((clause) => ` ${normalizeText(clause)} `.includes(` ${subject} `));
    // Every clause names the subject: what sets one apart is the rest of the question's words.
    const subjectStems = new Set(contentStems(subject));
    const stems = new Set([...focus.stems].filter((stem) => !subjectStems.has(stem)));
    if (clauses.length > 0) return mostAbout(clauses, stems).join(' ');
  }
  if (sentences.length === 1 || focus.wants.length === 0) return text;
  // The sentences with a value of the kind asked for answer (among them, those most about the question),
  // with the sentence most about the question when it is clearly about it (two of its words or more):
  // "Ana from treasury called. The regulators want the rate at issue time." answers "who passed on what the
  // regulators want?" with both.
  // The header that says who speaks ("[turn 0] user:") holds no value: its turn number is not a number asked for.
  // Nor does a value the question names itself: it is what the question is about, not what it asks for.
  const bare = sentences.map((sentence) => withoutGiven(withoutHeader(sentence), focus.given));
  // Sentences with the particular kind asked for ("45 minutes" for "how long") come before any with a value.
  const { value } = focus;
  const valued =
    value === undefined ? [] : sentences.filter((_, index) => holdsValue(bare[index] as string, value));
  const shaped =
    valued.length > 0
      ? valued
      : sentences.filter((_, index) =>
          focus.wants.some((shape) => holdsShape(bare[index] as string, shape, focus.common, focus.named)),
        );
  if (shaped.length === 0) return text;
  const kept = new Set(mostAbout(shaped, focus.stems));
  const shared = sentences.map((sentence) => sharedStems(sentence, focus.stems));
  const most = Math.max(...shared);
  if (most >= 2) {
    sentences.forEach((sentence, index) => {
      if (shared[index] === most) kept.add(sentence);
    });
  }
  return sentences.filter((sentence) => kept.has(sentence)).join(' ');
}

function sharedStems(piece: string, stems: ReadonlySet<string>): number {
  return contentStems(piece).filter((stem) => stems.has(stem)).length;
}

/** The pieces sharing at least half as many of the stems as the best piece does, in order. */
function mostAbout(pieces: readonly string[], stems: ReadonlySet<string>): string[] {
  const scores = pieces.map((piece) => sharedStems(piece, stems));
  const top = Math.max(...scores);
  return pieces.filter((_, index) => (scores[index] as number) >= top / 2);
}

/** The name a yes-or-no question asks about, normalised: the first name in it. */
export function subjectOf(prompt: string, common: ReadonlySet<string>): string | undefined {
  const name = namesIn(prompt, common)[0];
  return name === undefined ? undefined : normalizeText(name);
}
