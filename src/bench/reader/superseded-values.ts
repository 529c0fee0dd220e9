import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { CORRECTION_IDIOMS } from './cue-lexicon.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
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
}

// "[turn 3] user: …", "assistant: …", "[turn 2] assistant calls read_file {…}", "[turn 2] tool search: …".
const ROLE_PREFIX = /^(?:\[turn \d+\]\s*)?(user|assistant|system|developer|tool)\b([^:\n]{0,60}):\s*/i;

function escapeIdiom(idiom: string): string {
  return idiom
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "['’]")
    .replace(/[\s,-]+/g, '[\\s,-]+');
}

// Longest first, so "wait, no" is found before a shorter idiom inside it.
const IDIOM = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...CORRECTION_IDIOMS]
    .sort((a, b) => b.length - a.length)
    .map(escapeIdiom)
    .join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

// Two values of one form with these words between them name the old one and its replacement.
const FROM_TO = /^\s*(?:to|->|→|=>)\s*$/i;
const FROM_BEFORE = /\bfrom\s*$/i;
const NOT_AFTER = /^\s*[,;(—–-]?\s*(?:and\s+)?(?:not|instead of|rather than|in place of|replacing)\s*$/i;
const NOT_BEFORE = /\bnot\s*$/i;
const BUT_BETWEEN = /^\s*[,;—–-]?\s*(?:but|it'?s|it is)?\s*$/i;

/** How many earlier passages people wrote a correction may reach back for the value it replaces. */
const REACH = 30;

// A sentence ends at ". ", "! ", "? " or the end: the values of the idiom's sentence are what it puts forward.
const SENTENCE_END = /[.!?](?:\s|$)/g;

interface Said {
  passage: Passage;
  /** The passage's text without its role prefix, and the values in it. */
  body: string;
  values: ValueToken[];
}

/** The passages a person or the assistant wrote (not tool calls or tool output), with the values in them. */
function saidPassages(parsed: ParsedArtifact): Said[] {
  const said: Said[] = [];
  let speaking = true;
  let line = -1;
  for (const passage of parsed.passages) {
    let body = passage.text;
    if (passage.line !== line) {
      line = passage.line;
      const prefix = ROLE_PREFIX.exec(body);
      if (prefix !== null) {
        const role = (prefix[1] as string).toLowerCase();
        speaking = role !== 'tool' && !/\bcalls\b/i.test(prefix[2] as string);
        body = body.slice(prefix[0].length);
      }
    }
    if (!speaking) continue;
    said.push({ passage, body, values: valueTokens(body) });
  }
  return said;
}

/** The end of the sentence that holds `index` in `text`. */
function sentenceEnd(text: string, index: number): number {
  SENTENCE_END.lastIndex = index;
  const end = SENTENCE_END.exec(text);
  return end === null ? text.length : end.index + 1;
}

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
 * The latest earlier message, within `REACH` messages, holding a value of `value`'s form other than it: the
 * statement a correction with no old value of its own takes back. Undefined when none is that close.
 */
function earlierValue(said: readonly Said[], at: number, value: ValueToken): [Said, ValueToken] | undefined {
  for (let index = at - 1; index >= 0 && index >= at - REACH; index--) {
    const entry = said[index] as Said;
    const found = entry.values.findLast(
      (candidate) => candidate.form === value.form && candidate.normalized !== value.normalized,
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
function correctionsIn(said: readonly Said[], at: number): Supersession[] {
  const entry = said[at] as Said;
  const { body, values, passage } = entry;
  const found: Supersession[] = [];
  const record = (old: ValueToken, replacement: ValueToken, stated: Passage) =>
    found.push({
      old: old.text,
      oldNormalized: old.normalized,
      replacement: replacement.text,
      correction: passage,
      stated,
    });
  for (const [old, replacement] of explicitPairs(body, values)) {
    record(old, replacement, earlierMention(said, at, old.normalized)?.passage ?? passage);
  }
  const idiom = IDIOM.exec(body);
  if (idiom === null || found.length > 0) return found;
  const idiomEnd = idiom.index + idiom[0].length;
  const end = sentenceEnd(body, idiomEnd);
  const put = values.filter((value) => value.start >= idiomEnd && value.start < end);
  const before = values.filter((value) => value.end <= idiom.index);
  for (const replacement of put) {
    const old = before.findLast(
      (value) => value.form === replacement.form && value.normalized !== replacement.normalized,
    );
    if (old !== undefined) record(old, replacement, passage);
  }
  if (found.length > 0) return found;
  const forms = new Set<string>();
  for (const replacement of put) {
    if (forms.has(replacement.form)) continue;
    forms.add(replacement.form);
    const earlier = earlierValue(said, at, replacement);
    if (earlier !== undefined) record(earlier[1], replacement, earlier[0].passage);
  }
  return found;
}

const cache = new WeakMap<ParsedArtifact, readonly Supersession[]>();

/**
 * The values the artifact takes back and does not restore, each with the passage that replaced it, in reading
 * order of the corrections. A value put back by a later correction ("back to 6457") is current again. Read once
 * per parsed artifact, from the passages people wrote (tool output states no corrections).
 */
export function findSupersessions(parsed: ParsedArtifact): readonly Supersession[] {
  let found = cache.get(parsed);
  if (found !== undefined) return found;
  const said = saidPassages(parsed);
  const current = new Map<string, Supersession>();
  for (let at = 0; at < said.length; at++) {
    for (const supersession of correctionsIn(said, at)) {
      current.delete(normalizeText(supersession.replacement));
      current.set(supersession.oldNormalized, supersession);
    }
  }
  found = [...current.values()];
  cache.set(parsed, found);
  return found;
}

/**
 * The latest supersession whose old value `text` names as whole words while not naming its replacement: a
 * next step that still carries a value the conversation corrected.
 */
export function supersededValueIn(parsed: ParsedArtifact, text: string): Supersession | undefined {
  const supersessions = findSupersessions(parsed);
  if (supersessions.length === 0) return undefined;
  const normalized = normalizeText(text);
  return supersessions.findLast(
    (supersession) =>
      findWholeWords(normalized, supersession.oldNormalized, 1).length > 0 &&
      findWholeWords(normalized, normalizeText(supersession.replacement), 1).length === 0,
  );
}

/** `text` with each occurrence of the superseded value, as written, replaced by its replacement. */
export function withReplacement(text: string, supersession: Supersession): string {
  return text.split(supersession.old).join(supersession.replacement);
}
