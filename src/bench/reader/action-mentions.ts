import { classifyMention } from '../scoring/mentions.js';
import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { contentStems, stemOf } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, fullMask, matchMasks, rareStemMask, stemFrequencies } from './query-weights.js';

/** How a passage treats an action it names. */
export type Mention = 'affirmed' | 'rejected';

/** How a passage treats the action (or words of it) it names; undefined when it does not name it. */
export function mentionIn(passage: Passage, action: string): Mention | undefined {
  // A bare list item under "Forbidden behaviors" names the action as a prohibition, whatever its wording.
  if (passage.section === 'Forbidden behaviors') return 'rejected';
  const mention = classifyMention(passage.text, action);
  if (mention === 'affirmed' && (rejectsItAfter(passage.text, action) || unwantedBefore(passage, action)))
    return 'rejected';
  if (mention === 'affirmed') {
    const note = noteUnderLabel(passage.text, action);
    if (note !== undefined && classifyMention(note, action) === 'rejected') return 'rejected';
  }
  return mention === 'absent' ? undefined : mention;
}

// A short label opening a note, up to its colon: "Sven Levinson: …", "Staging DB: …". A few words, no sentence
// break in them.
const OPENING_LABEL = /^([^.!?:]{1,60}):\s+/;

/**
 * The note after an opening label that names the action, when the note names it again ("Ana Lima: Ana Lima
 * is off the rota, do not page Ana Lima"): the label only files the note under what it is about, so how the
 * note treats the action is how the passage does. Undefined otherwise.
 */
function noteUnderLabel(text: string, action: string): string | undefined {
  const label = OPENING_LABEL.exec(text);
  if (label === null) return undefined;
  const needle = normalizeText(action);
  if (findWholeWords(normalizeText(label[1] as string), needle, 1).length === 0) return undefined;
  const note = text.slice(label[0].length);
  return findWholeWords(normalizeText(note), needle, 1).length > 0 ? note : undefined;
}

// "…someone decided to X. It blew up. So let's not do that again": a later sentence of the same message
// rejects the action by pointing back at it.
const POINTING_BACK_REJECTION =
  /\b(?:let'?s not|let us not|do not|don'?t|never|avoid|no more of)\b(?:\s+\w+){0,3}?\s+(?:that|this|it)\b|\bnever again\b/i;

// "…pin 3.9.71. wait, no, that's the one with the bug": the speaker takes back what they just said.
const TAKEN_BACK =
  /^[\s.,;:!?)—–-]*(?:(?:wait|hang on|hold on|hmm|hm|oh)[\s,.!—–-]*(?:no|nope|sorry)\b|no,? wait\b|sorry,? (?:I meant|I mean|typo|wrong|not that)\b|(?:I meant|I mean|correction|typo|my bad|my mistake|scratch that|strike that)\b)/i;

// "money as a float will bite us", "a global lock is asking for trouble": a warning right after the thing.
const WARNED_AGAINST =
  /^[\s,]*(?:(?:will|would|'ll|is going to|are going to) (?:bite|burn) (?:us|you|them|someone)\b|(?:has|have) (?:bitten|burned|burnt) us\b|(?:is|are) asking for trouble\b|(?:is|are) a footgun\b)/i;

/** Whether a warning follows the last mention of `thing` in the text ("a float will bite us"). */
export function warnedAgainst(text: string, thing: string): boolean {
  const at = text.toLowerCase().lastIndexOf(thing.toLowerCase());
  return at >= 0 && WARNED_AGAINST.test(text.slice(at + thing.length));
}

/**
 * Whether the text after the action's last mention rejects it: by pointing back ("let's not do that"), by
 * taking it back straight away ("pin 3.9.71. wait, no, …"), or by a warning ("… will bite us").
 */
function rejectsItAfter(text: string, action: string): boolean {
  const at = text.toLowerCase().lastIndexOf(action.toLowerCase());
  if (at < 0) return false;
  const after = text.slice(at + action.length);
  return POINTING_BACK_REJECTION.test(after) || TAKEN_BACK.test(after) || WARNED_AGAINST.test(after);
}

// "the last thing I want is another cron job", "the last thing we need is more flags": what the speaker wants
// least, said as a thing wanted. Normalised text, up to the determiner before the thing.
const LAST_THING_WANTED =
  /\bthe last thing (?:i|we|you|they|anyone|anybody|the team) (?:want|wants|need|needs|would want)(?: here| now| on \w+)? is (?:an? |another |more |any |one more |the )?$/;

/** Whether the passage names the action as the last thing anyone wants (see above). */
function unwantedBefore(passage: Passage, action: string): boolean {
  const needle = normalizeText(action);
  if (needle === '' || !passage.normalized.includes('last thing')) return false;
  for (const offset of findWholeWords(passage.normalized, needle)) {
    // The thing may come a word or two after the idiom: "another nightly cron job".
    let before = passage.normalized.slice(Math.max(0, offset - 80), offset);
    for (let dropped = 0; dropped <= 2; dropped++) {
      if (LAST_THING_WANTED.test(before)) return true;
      before = before.replace(/[a-z0-9-]+ $/, '');
    }
  }
  return false;
}

/** A passage that mentions the action, how, and by which words of it. */
export interface Found {
  passage: Passage;
  mention: Mention;
  fragment: string;
}

/** Passages that name the action as whole words (`containsNormalized`, on the text normalised once at parse). */
export function findMentions(parsed: ParsedArtifact, action: string): Found[] {
  const needle = normalizeText(action);
  if (needle === '') return [];
  const found: Found[] = [];
  for (const passage of parsed.passages) {
    // The substring test first: a cheap no for almost every passage.
    if (!passage.normalized.includes(needle)) continue;
    if (findWholeWords(passage.normalized, needle, 1).length === 0) continue;
    const mention = mentionIn(passage, action);
    if (mention !== undefined) found.push({ passage, mention, fragment: action });
  }
  return found;
}

// A file path with a folder and an extension: "src/payments/retry-policy.json". Its words ("src", "payments",
// "json") may be common in a long transcript; the path as written names one file.
const FILE_PATH = /[\w.-]+\/[\w./-]*\.[a-z][a-z0-9]{0,4}\b/gi;

/**
 * Passages naming a file path the action names, judged on the path: "I'd rather we leave
 * src/payments/retry-policy.json alone" is about any change to that file ("raise max_attempts in
 * src/payments/retry-policy.json"). A ban on the file covers what is done to it.
 */
export function pathMentions(parsed: ParsedArtifact, action: string): Found[] {
  const found: Found[] = [];
  for (const match of action.matchAll(FILE_PATH)) {
    for (const mention of findMentions(parsed, match[0])) found.push(mention);
  }
  return found;
}

/** A word of the action in at most this many passages is one of its distinctive words. */
const DISTINCTIVE_FREQUENCY = 8;

/**
 * The action said in other words: passages holding its distinctive words (those in at most eight passages;
 * every content word when none is that rare), so "keep dayjs out of this" mentions "add dayjs" and "raising
 * statement_timeout to 120s" mentions "raise statement_timeout to 120s". Each is judged on the longest run of
 * the action's words it holds as written that includes a distinctive word. Only consulted when no passage
 * names the action as written: people rarely repeat an action word for word.
 */
export function findLooseMentions(parsed: ParsedArtifact, action: string): Found[] {
  const stems = contentStems(action);
  if (stems.length === 0) return [];
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  const masks = matchMasks(parsed, query);
  const frequency = stemFrequencies(query, masks);
  let required = rareStemMask(frequency, DISTINCTIVE_FREQUENCY);
  if (required === 0) {
    if (stems.length < 2) return [];
    required = fullMask(query);
  }
  // Rarest first; the sort is stable, so words equally rare keep the action's order.
  const distinctiveBits = [...query.bits]
    .filter(([, bit]) => required & (1 << bit))
    .sort(([, a], [, b]) => (frequency[a] as number) - (frequency[b] as number));
  const words = normalizeText(action).split(' ');
  const found: Found[] = [];
  const firstBit = query.bits.get(stems[0] as string);
  masks.forEach((mask, position) => {
    if (!holdsDistinctive(mask, required, firstBit)) return;
    const passage = parsed.passages[position] as Passage;
    // Judged on the rarest word it holds as the action writes it: "isn't scraping forecast-service" rejects the
    // service, not the port of "targets: ['forecast-service:6457']".
    let fragment: string | undefined;
    for (const [stem, bit] of distinctiveBits) {
      if (!(mask & (1 << bit))) continue;
      fragment = longestRunIn(passage.normalized, words, new Set([stem]));
      if (fragment !== undefined) break;
    }
    if (fragment === undefined) return;
    const mention = mentionIn(passage, fragment);
    if (mention !== undefined) found.push({ passage, mention, fragment });
  });
  return found;
}

/**
 * Whether a passage holds the action's distinctive words: all of them, or all but the action's first word when
 * three or more are distinctive, as the verb is often said otherwise ("fix the Windows build" and "no need to
 * bother with the Windows build").
 */
function holdsDistinctive(mask: number, required: number, firstBit: number | undefined): boolean {
  if ((mask & required) === required) return true;
  if (firstBit === undefined || bitCount(required) < 3) return false;
  const rest = required & ~(1 << firstBit);
  return (mask & rest) === rest;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The longest run of `words` that `normalized` holds as whole words and that has a distinctive stem. */
function longestRunIn(
  normalized: string,
  words: readonly string[],
  distinctive: ReadonlySet<string>,
): string | undefined {
  for (let length = words.length; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      if (!run.some((word) => distinctive.has(stemOf(word)))) continue;
      const text = run.join(' ');
      if (findWholeWords(normalized, text, 1).length > 0) return text;
    }
  }
  return undefined;
}
