/**
 * Reading a message sentence by sentence: the sentences that only make sense with a neighbour (a bare "scratch
 * that", a detail fragment, a pointer back at the earlier plan) are joined to it first, then each is kept by
 * `readSentence`.
 */

import { forbids, holdsValue, isQuestion, NAMES_OWN_CHOICE } from './cue-patterns.js';
import type { Ledger } from './ledger.js';
import type { LedgerEntry } from './ledger-entry.js';
import { asksForIt, withEllipsesJoined } from './pointing-sentences.js';
import { classifySentence, lowerPlain, readSentence, revises, type Speaker } from './read-sentence.js';
import { BARE_NO, RESETS } from './revision-patterns.js';
import { moreWordsThan, splitSentences, stripOpener } from './split-sentences.js';
import { topicWords } from './topic-words.js';

// "Let's not do that again": a rule whose object is the sentence before it.
const REFERS_BACK = /\b(?:do|doing|repeat|try|trying) (?:that|this|it)\b|\b(?:that|this|it) again\b/;
const REFERENCE_WORDS = 3;
// "Scratch that." and the like are this short; an opener ("Okay, so —") may come before.
const BARE_REVISION_WORDS = 3;
const OPENER_WORDS = 4;
const CONTEXT_SENTENCES = 2;
// A retraction that names what it takes back and nothing else: "forget what I said about the cache", "scratch
// the Jenkins idea".
const RETRACTS_SUBJECT =
  /^(?:please |so |ok(?:ay)?,? )?(?:(?:ignore|disregard|forget(?: about)?) what (?:i|we) (?:said|asked for|wrote|suggested|planned)(?: (?:earlier|before|above|yesterday))? (?:about|re|regarding|on|for) [^.,;!?]{1,40}|(?:scratch|forget|drop|ignore|disregard) (?:the|my|our) [^.,;!?]{1,30} (?:idea|plan|part|bit|suggestion))[.!]?$/;
// How many statements after such a retraction are read as what replaces it.
const REPLACEMENT_SENTENCES = 2;
// Interjections a bare revision may open with ("Actually — scratch that.", "Wait, no: scratch that."): the
// revision is no less bare for them.
const REVISION_LEAD = /^(?:(?:actually|wait|no|hold on|hang on|hm+|oh)(?:\s*[,.:;!—–]|\s+-{1,2})\s*)+/;
// A sentence that only points the override before it back at what it replaces ("Let's instead X. Ignore the
// earlier instruction."): it names no plan of its own, so it is read with that sentence, not as a second
// override that would replace the plan just stated.
const POINTS_AT_EARLIER =
  /^(?:please |so |and |just )?(?:ignore|disregard|forget(?: about)?) (?:(?:the|my|our|that|your) (?:earlier|previous|prior|old|original|first|former|initial|last|above|other)(?: (?:instruction|plan|idea|request|suggestion|approach|direction|message|one|version|ask|option)s?)?|what (?:i|we) (?:said|asked|planned|suggested|wrote)(?: (?:before|earlier|above|first))?|(?:that|the) (?:instruction|plan|idea|request|suggestion|direction|message)s? (?:before|earlier|above))[.!]?$/;

/** The sentences of a user's message, each one that only points back at an earlier plan joined to the one before. */
function withPointersJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    // Cheap first: every pointer holds one of these verbs.
    if (!/ignore|disregard|forget/i.test(sentence)) continue;
    if (!POINTS_AT_EARLIER.test(lowerPlain(stripOpener(sentence)))) continue;
    sentences[at - 1] = `${sentences[at - 1]} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// A choice named in a few words after the plan it makes concrete ("let's push updates instead. WebSockets with
// uWebSockets.js, I'd say."): one decision, so a later revision replaces, and a return restores, both together.
const NAMED_CHOICE_WORDS = 12;

/** The sentences of a user's message, each short one that names a choice joined to the decision before it. */
function withChoicesJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    if (moreWordsThan(sentence, NAMED_CHOICE_WORDS)) continue;
    const lower = lowerPlain(stripOpener(sentence));
    if (!NAMES_OWN_CHOICE.test(lower) || revises(lower)) continue;
    if (classifySentence(stripOpener(sentences[at - 1] as string), 'user') !== 'decision') continue;
    sentences[at - 1] = `${sentences[at - 1]} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// A fragment that opens with a value and has no subject of its own: "Tuesday at 04:50 UTC, 45 minutes.", "3
// replicas, 512Mi each." It gives the details of what the sentence before it named.
const DETAIL_FRAGMENT =
  /^(?:(?:on|at|from|by|every) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d[\d:.,/-]*(?:[a-z%]{1,3})?)\b(?: (?:at|from|to|until|for|each|per|of|utc|[a-z]{1,10}s?))?\b[^.!?]{0,40}?,/i;
const DETAIL_WORDS = 16;

/** The sentences of a user's message, each detail fragment ({@link DETAIL_FRAGMENT}) joined to the one before. */
function withDetailsJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    if (moreWordsThan(sentence, DETAIL_WORDS) || !DETAIL_FRAGMENT.test(sentence)) continue;
    const previous = sentences[at - 1] as string;
    if (isQuestion(previous)) continue;
    sentences[at - 1] = `${previous} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// Where a statement ends and a question typed in lower case begins: ". what's left?", ". any idea why?".
const LOWER_CASE_START = /[.!]\s+(?=[a-z])/g;

/**
 * A sentence ending in a question, split where a statement before it ends ("…handles that. what's left?"), so
 * the statement is kept; otherwise the sentence alone. People often type a new sentence in lower case.
 */
function statementBeforeQuestion(sentence: string): string[] {
  if (!isQuestion(sentence) || !/[.!]\s+[a-z]/.test(sentence)) return [sentence];
  let cut = -1;
  for (const match of sentence.matchAll(LOWER_CASE_START)) cut = match.index + match[0].length;
  // An abbreviation ("e.g. the", "vs. the") or an initial does not end a statement.
  const before = sentence.slice(0, cut).trimEnd();
  if (cut < 0 || /(?:\b[a-z]\.[a-z]\.|\b(?:etc|vs|cf|approx)\.|\b[A-Za-z]\.)$/i.test(before))
    return [sentence];
  return [before, sentence.slice(cut)];
}

/**
 * Where each sentence of a message sits: a list puts one statement per line, so only sentences that run on in
 * one line are read as saying one thing together. A sentence not found as written (joined to another) starts
 * afresh.
 */
class LineTracker {
  private end = -1;
  private cursor = 0;
  constructor(private readonly text: string) {}

  /** Whether `sentence` follows the one before it in the same line; moves past it. */
  continues(sentence: string): boolean {
    const at = this.text.indexOf(sentence, this.cursor);
    const continues = at >= 0 && this.end >= 0 && !this.text.slice(this.end, at).includes('\n');
    this.end = at < 0 ? -1 : at + sentence.length;
    if (at >= 0) this.cursor = this.end;
    return continues;
  }
}

/**
 * Reads a message's sentences in order. A bare revision ("Scratch that.", "Change of plan.") is read with the
 * sentence after it, which it applies to; a rule that points back ("so let's not do that again") is read with
 * the sentences before it, which say what "that" is.
 */
export function readText(
  ledger: Ledger,
  text: string,
  speaker: Speaker,
  skip?: (sentence: string) => boolean,
): void {
  ledger.beginMessage();
  const sentences =
    speaker === 'user'
      ? withEllipsesJoined(withDetailsJoined(withChoicesJoined(withPointersJoined(splitSentences(text)))))
      : splitSentences(text);
  // The entry the sentence before kept, while the sentences run on in one line: a fact may join it.
  let previous: LedgerEntry | undefined;
  const lines = new LineTracker(text);
  for (let at = 0; at < sentences.length; at++) {
    const sentence = sentences[at] as string;
    if (!lines.continues(sentence)) previous = undefined;
    if (skip?.(sentence)) continue;
    // Most sentences are long and point nowhere: the cheap tests go first.
    const short = !moreWordsThan(sentence, BARE_REVISION_WORDS + OPENER_WORDS);
    const bare = short || speaker === 'user' ? lowerPlain(stripOpener(sentence)) : '';
    if (
      short &&
      at + 1 < sentences.length &&
      !moreWordsThan(bare.replace(REVISION_LEAD, ''), BARE_REVISION_WORDS)
    ) {
      // "Hm, no. Compliance needs 400 days.": a bare "no" before a new value corrects, as a revision does.
      const noBeforeValue = BARE_NO.test(bare) && holdsValue(sentences[at + 1] as string);
      if ((revises(bare) || noBeforeValue) && !RESETS.test(bare)) {
        sentences[at + 1] = `${sentence} ${sentences[at + 1]}`;
        continue;
      }
    }
    // "Ignore what I said earlier about the CSV. They moved to Excel. XLSX, one sheet per team.": the retraction
    // names only its subject; what replaces it follows, and is read with it as the new decision.
    if (speaker === 'user' && at + 1 < sentences.length && RETRACTS_SUBJECT.test(bare)) {
      const following = sentences.slice(at + 1, at + 1 + REPLACEMENT_SENTENCES);
      const statements = following.findIndex((next) => isQuestion(next));
      const taken = statements < 0 ? following.length : statements;
      if (taken > 0) {
        sentences.splice(at + 1, taken, [sentence, ...following.slice(0, taken)].join(' '));
        continue;
      }
    }
    const pointsBack =
      speaker === 'user' &&
      at > 0 &&
      REFERS_BACK.test(bare) &&
      forbids(bare) &&
      topicWords(bare).size <= REFERENCE_WORDS;
    const before = pointsBack ? sentences.slice(Math.max(0, at - CONTEXT_SENTENCES), at).join(' ') : '';
    // "The job deletes it on the 8th. what's left for us?": the statement before a question is read on its own.
    const parts = statementBeforeQuestion(sentence);
    for (let index = 0; index < parts.length; index++) {
      // "…, and add a test for the retries. can you work through it?": the statement is the work asked for.
      const next = parts[index + 1] ?? sentences[at + 1];
      const asked = speaker === 'user' && next !== undefined && asksForIt(lowerPlain(stripOpener(next)));
      const entry = readSentence(ledger, parts[index] as string, speaker, 0, before, asked, previous);
      previous = speaker === 'user' ? entry : undefined;
    }
  }
}
