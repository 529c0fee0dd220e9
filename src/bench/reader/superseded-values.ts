import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { checkedValues } from './checked-values.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { keepsTheRest, revisedValues } from './partial-revisions.js';
import type { Passage } from './passage.js';
import {
  findIdiom,
  type Said,
  saidPassages,
  sentenceAround,
  sentenceEnd,
  sentenceStartOf,
} from './said-passages.js';
import { onSupersededLine } from './superseded-labels.js';
import { type ValueToken, valueTokens } from './value-forms.js';

/** A value taken back and the one that replaced it: "port 6457" … "sorry, typo, it's 6437". */
export interface Supersession {
  /** The superseded value as written, and normalised (`normalizeText`). */
  old: string;
  oldNormalized: string;
  /** The value that replaced it, as written. */
  replacement: string;
  /** The passage that gives the replacement. */
  correction: Passage;
  /** The passage that stated the old value: the correction itself when it states both. */
  stated: Passage;
  /**
   * What to quote for the correction: the passage, or from the correction idiom on when the passage gave the
   * old value before taking it back ("pin 3.9.71. wait, no, 3.9.11 is the fixed one": "wait, no, …").
   */
  quote: string;
  /** The old value is a name as written ("acme-archive"), not a value of a form: it is found as whole words. */
  written?: true;
}

// A value for a case apart is an exception, not a correction: "for accounts under hold, 5 minutes instead of 30".
const SCOPED =
  /\b(?:except|exception|unless|only (?:for|when|if|on|in)|overrides?|for (?:[\w-]+\s+){0,2}(?:accounts?|customers?|users?|tenants?|orders?|clients?|teams?|jobs?|requests?|those|these|any|some)\b)/i;

// Two values of one form with these words between them name the old one and its replacement.
const FROM_TO = /^\s*(?:to|->|→|=>)\s*$/i;
const FROM_BEFORE = /\bfrom\s*$/i;
const NOT_AFTER = /^\s*[,;(—–-]?\s*(?:and\s+)?(?:not|instead of|rather than|in place of|replacing)\s*$/i;
const NOT_BEFORE = /\bnot\s*$/i;
const BUT_BETWEEN = /^\s*[,;—–-]?\s*(?:but|it'?s|it is)?\s*$/i;

/** How many earlier passages by its writer a correction may reach back for the value it replaces. */
const REACH = 20;

/** Old and new values a passage names in one breath: "from 30s to 45s", "45s, not 30s", "not 30s but 45s". */
function explicitPairs(body: string, values: readonly ValueToken[]): [ValueToken, ValueToken][] {
  const pairs: [ValueToken, ValueToken][] = [];
  for (let index = 1; index < values.length; index++) {
    const first = values[index - 1] as ValueToken;
    const second = values[index] as ValueToken;
    if (first.form !== second.form || first.normalized === second.normalized) continue;
    const between = body.slice(first.end, second.start);
    const before = body.slice(Math.max(0, first.start - 12), first.start);
    if (FROM_TO.test(between) && FROM_BEFORE.test(before)) pairs.push([first, second]);
    else if (NOT_AFTER.test(between)) pairs.push([second, first]);
    else if (NOT_BEFORE.test(before) && BUT_BETWEEN.test(between)) pairs.push([first, second]);
  }
  return pairs;
}

/**
 * The latest earlier passage by the same writer, within `REACH` of theirs, holding a value of `value`'s form
 * other than it and still standing (not itself corrected): the statement a correction with no old value of its
 * own takes back. People correct what they said; the numbers an assistant reports in passing are not settings.
 */
function earlierValue(
  said: readonly Said[],
  at: number,
  value: ValueToken,
  superseded: ReadonlyMap<string, Supersession>,
): [Said, ValueToken] | undefined {
  const { role } = said[at] as Said;
  let reach = REACH;
  for (let index = at - 1; index >= 0 && reach > 0; index--) {
    const entry = said[index] as Said;
    if (entry.role !== role) continue;
    reach--;
    const found = entry.values.findLast(
      (candidate) =>
        candidate.form === value.form &&
        candidate.normalized !== value.normalized &&
        !superseded.has(candidate.normalized),
    );
    if (found !== undefined) return [entry, found];
  }
  return undefined;
}

/** The latest earlier message naming `value` (normalised) as whole words; undefined when none is close. */
function earlierMention(said: readonly Said[], at: number, normalized: string): Said | undefined {
  for (let index = at - 1; index >= 0 && index >= at - REACH; index--) {
    const entry = said[index] as Said;
    if (entry.values.some((candidate) => candidate.normalized === normalized)) return entry;
  }
  return undefined;
}

/**
 * The corrections a passage makes. After a correction idiom ("typo", "I meant", "make that", "wait, no"), each
 * value of the idiom's sentence replaces the nearest value of the same form before the idiom in the passage;
 * when there is none, the first value of each form replaces the latest value of that form in the messages just
 * before. "From W to V", "V, not W" and "not W but V" name both values themselves.
 */
function correctionsIn(
  said: readonly Said[],
  at: number,
  superseded: ReadonlyMap<string, Supersession>,
): Supersession[] {
  const entry = said[at] as Said;
  const { body, values, passage } = entry;
  const found: Supersession[] = [];
  const record = (old: ValueToken, replacement: ValueToken, stated: Passage, quote = passage.text) =>
    found.push({
      old: old.text,
      oldNormalized: old.normalized,
      replacement: replacement.text,
      correction: passage,
      stated,
      quote,
    });
  for (const [old, replacement] of explicitPairs(body, values)) {
    if (SCOPED.test(sentenceAround(body, Math.min(old.start, replacement.start)))) continue;
    record(old, replacement, earlierMention(said, at, old.normalized)?.passage ?? passage);
  }
  const idiom = findIdiom(body);
  if (found.length > 0) return found;
  if (idiom === undefined) return revisions(said, at, superseded);
  if (SCOPED.test(sentenceAround(body, idiom.index))) return found;
  const idiomEnd = idiom.end;
  // The values the idiom puts forward: those after it in its sentence; else those before it in its sentence
  // ("04:05 works better", "Friday instead"); else those of the next sentence ("I mistyped it. It's 14,970.").
  const sentenceStart = sentenceStartOf(body, idiom.index);
  let end = sentenceEnd(body, idiomEnd);
  let put = values.filter((value) => value.start >= idiomEnd && value.start < end);
  let before = values.filter((value) => value.end <= idiom.index);
  if (put.length === 0) {
    put = values.filter((value) => value.start >= sentenceStart && value.end <= idiom.index).reverse();
    before = values.filter((value) => value.end <= sentenceStart);
  }
  // Only an idiom that says something was a mistake looks on: "Back to the timeline. At 10:56 …" corrects nothing.
  if (put.length === 0 && idiom.mistake && end < body.length) {
    const start = end;
    end = sentenceEnd(body, start);
    put = values.filter((value) => value.start >= start && value.start < end);
  }
  // "My 8015 is no longer valid, so do not use 8015": a value the sentence rules out is the old one, never the
  // one put forward.
  put = put.filter((value) => !ruledOut(body, value));
  for (const replacement of put) {
    const old = before.findLast(
      (value) => value.form === replacement.form && value.normalized !== replacement.normalized,
    );
    if (old !== undefined) record(old, replacement, passage, body.slice(idiom.index));
  }
  if (found.length > 0) return found;
  const forms = new Set<string>();
  for (const replacement of put) {
    // A one-digit number is a count or part of a name ("SOC 2", "3 of 23 tests") more often than a setting.
    if (forms.has(replacement.form) || replacement.form === 'num:1') continue;
    forms.add(replacement.form);
    // "make it 160MB" after "set it to 160MB (not 512MB)" repeats the correction in force: it takes back
    // nothing more, least of all an unrelated value said earlier ("16 GB plans"), nor does the value of that
    // form it goes on to name ("… is actually 5.29.16; 5.89.16 is not an option", said a second time).
    if (inForce(superseded, replacement.normalized)) continue;
    const earlier = earlierValue(said, at, replacement, superseded);
    if (earlier !== undefined) record(earlier[1], replacement, earlier[0].passage);
  }
  return found;
}

// A value banned or declared stale where it stands: "do not use 8015", "never 30s", "8015 is no longer valid".
// The words between the ban and the value stay in its clause: "avoid the old one and use 5761" puts 5761 forward.
const RULED_OUT_BEFORE =
  /\b(?:do not|don'?t|never|stop|avoid)\s+(?:(?!(?:and|but|instead|so|then|rather)\b)[\w-]+\s+){0,6}$|\bnot\s+$/i;
const RULED_OUT_AFTER = /^\s*\)?,?\s*(?:is|are|was|were)\s+(?:no longer|not)\b/i;

/** Whether the passage rules `value` out where it names it, rather than putting it forward. */
function ruledOut(body: string, value: ValueToken): boolean {
  return (
    RULED_OUT_BEFORE.test(body.slice(Math.max(0, value.start - 40), value.start)) ||
    RULED_OUT_AFTER.test(body.slice(value.end, value.end + 40))
  );
}

/** Whether a correction in force already gives `normalized` (a value's normalised text) as the replacement. */
function inForce(superseded: ReadonlyMap<string, Supersession>, normalized: string): boolean {
  for (const entry of superseded.values()) if (normalizeText(entry.replacement) === normalized) return true;
  return false;
}

/**
 * The corrections a person's message makes when it says what stays as it was ("same region, 5.5% to start"):
 * each value it gives a setting replaces the latest earlier value of that form the same person gave.
 */
function revisions(
  said: readonly Said[],
  at: number,
  superseded: ReadonlyMap<string, Supersession>,
): Supersession[] {
  const { body, values, passage, role } = said[at] as Said;
  if (role === 'assistant' || !keepsTheRest(body)) return [];
  const found: Supersession[] = [];
  for (const replacement of revisedValues(values)) {
    if (inForce(superseded, replacement.normalized)) continue;
    const earlier = earlierValue(said, at, replacement, superseded);
    if (earlier === undefined) continue;
    const [entry, old] = earlier;
    found.push({
      old: old.text,
      oldNormalized: old.normalized,
      replacement: replacement.text,
      correction: passage,
      stated: entry.passage,
      quote: passage.text,
    });
  }
  return found;
}

/** The supersessions in force, by the old value's normalised text. */
type Supersessions = ReadonlyMap<string, Supersession>;

const cache = new WeakMap<ParsedArtifact, Supersessions>();

function supersessionsOf(parsed: ParsedArtifact): Supersessions {
  let found = cache.get(parsed);
  if (found !== undefined) return found;
  const said = saidPassages(parsed);
  const current = new Map<string, Supersession>();
  for (let at = 0; at < said.length; at++) {
    // A note labelled superseded ("Superseded, do not use: … it's CHF 440 now") no longer stands: the correction
    // it records was itself taken back, so it takes nothing back now.
    if (onSupersededLine(parsed, (said[at] as Said).passage)) continue;
    for (const supersession of correctionsIn(said, at, current)) {
      current.delete(normalizeText(supersession.replacement));
      current.set(supersession.oldNormalized, supersession);
    }
  }
  // A value given from memory gives way to what the file read afterwards states (see `checkedValues`).
  for (const checked of checkedValues(parsed)) {
    if (current.has(checked.oldNormalized)) continue;
    current.set(checked.oldNormalized, {
      old: checked.old,
      oldNormalized: checked.oldNormalized,
      replacement: checked.replacement,
      correction: checked.output,
      stated: checked.stated,
      quote: checked.output.text,
      written: true,
    });
  }
  found = current;
  cache.set(parsed, found);
  return found;
}

/**
 * The value that stands for `normalized` now: its replacement, or the replacement's own replacement when that
 * was corrected in turn ("Thursday", then "make it Friday", then "no, Tuesday"). Undefined when it stands.
 */
function currentValue(supersessions: Supersessions, normalized: string): Supersession | undefined {
  let last: Supersession | undefined;
  let next = supersessions.get(normalized);
  for (let step = 0; next !== undefined && step < supersessions.size; step++) {
    last = next;
    next = supersessions.get(normalizeText(next.replacement));
  }
  return last;
}

/**
 * A passage as the reader quotes it once the conversation corrected a value in it: written before the
 * correction, each superseded value is replaced by the value that stands now ("port 6457" reads "port 6437");
 * a correction that gave the old value itself is quoted from its idiom on. With the corrections it drew on;
 * undefined when nothing in it was corrected.
 */
export function correctedText(
  parsed: ParsedArtifact,
  passage: Passage,
): { text: string; corrections: Passage[] } | undefined {
  const supersessions = supersessionsOf(parsed);
  if (supersessions.size === 0) return undefined;
  for (const supersession of supersessions.values()) {
    if (supersession.correction === passage && supersession.quote !== passage.text)
      return { text: supersession.quote, corrections: [] };
  }
  let text = passage.text;
  const corrections: Passage[] = [];
  // After its correction, an old value restated in passing ("picking this up from the notes: … 9,600 …") is
  // still the old value; a correction's own values (in every sentence of its line) and tool output are left as
  // written.
  const restates =
    isSaid(parsed, passage) && ![...supersessions.values()].some((entry) => entry.correction === passage);
  for (const entry of supersessions.values()) {
    if (entry.written !== true || entry.correction.position <= passage.position) continue;
    if (entry.correction.line === passage.line) continue;
    if (!text.includes(entry.old)) continue;
    text = text.split(entry.old).join(entry.replacement);
    corrections.push(entry.correction);
  }
  for (const token of valueTokens(text).reverse()) {
    const current = currentValue(supersessions, token.normalized);
    if (current === undefined || (current.correction.position <= passage.position && !restates)) continue;
    // The sentences of the correction's own line are the correction, read sentence by sentence: "Correction:
    // it listens on 8515. 8015 was the old mapping, do not use 8015" names the old value as the old one.
    if (current.correction.line === passage.line) continue;
    text = text.slice(0, token.start) + current.replacement + text.slice(token.end);
    if (!corrections.includes(current.correction)) corrections.push(current.correction);
  }
  return corrections.length > 0 ? { text, corrections } : undefined;
}

const saidSets = new WeakMap<ParsedArtifact, Set<Passage>>();

/** Whether a person or the assistant wrote the passage (see `saidPassages`). */
function isSaid(parsed: ParsedArtifact, passage: Passage): boolean {
  let said = saidSets.get(parsed);
  if (said === undefined) {
    said = new Set(saidPassages(parsed).map((entry) => entry.passage));
    saidSets.set(parsed, said);
  }
  return said.has(passage);
}

/**
 * The values the artifact takes back and does not restore, each with the passage that replaced it, in reading
 * order of the corrections. A value put back by a later correction ("back to 6457") is current again. Read once
 * per parsed artifact, from the passages people wrote (tool output states no corrections).
 */
export function findSupersessions(parsed: ParsedArtifact): readonly Supersession[] {
  return [...supersessionsOf(parsed).values()];
}

/**
 * The latest supersession whose old value `text` names as whole words while not naming its replacement: a
 * next step that still carries a value the conversation corrected.
 */
export function supersededValueIn(parsed: ParsedArtifact, text: string): Supersession | undefined {
  const supersessions = supersessionsOf(parsed);
  if (supersessions.size === 0) return undefined;
  const normalized = normalizeText(text);
  let found: Supersession | undefined;
  for (const supersession of supersessions.values()) {
    if (findWholeWords(normalized, supersession.oldNormalized, 1).length === 0) continue;
    const current = currentValue(supersessions, supersession.oldNormalized) ?? supersession;
    if (findWholeWords(normalized, normalizeText(current.replacement), 1).length > 0) continue;
    found = { ...current, old: supersession.old, oldNormalized: supersession.oldNormalized };
  }
  return found;
}

/** `text` with each occurrence of the superseded value, as written, replaced by its replacement. */
export function withReplacement(text: string, supersession: Supersession): string {
  return text.split(supersession.old).join(supersession.replacement);
}
