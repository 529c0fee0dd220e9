import { CORRECTION_IDIOMS, MISTAKE_IDIOMS, PLAN_IDIOMS } from './correction-idioms.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { type TranscriptMessage, transcriptMessages } from './transcript-messages.js';
import { type ValueToken, valueTokens } from './value-forms.js';

function escapeIdiom(idiom: string): string {
  return idiom
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "['’]")
    .replace(/[\s,-]+/g, '[\\s,-]+');
}

/** One pattern for a list of idioms, longest first, so "wait, no" is found before a shorter idiom inside it. */
function idiomPattern(idioms: readonly string[], flags: string): RegExp {
  const alternatives = [...new Set(idioms)].sort((a, b) => b.length - a.length).map(escapeIdiom);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);
}

const IDIOMS = idiomPattern(CORRECTION_IDIOMS, 'giu');
const PLAN_IDIOM = idiomPattern(PLAN_IDIOMS, 'iu');

/** Where `text` drops or reverses a plan in so many words (see `PLAN_IDIOMS`); -1 when it does not. */
export function planIdiomAt(text: string): number {
  return PLAN_IDIOM.exec(text)?.index ?? -1;
}

// "V instead of W", "V rather than W": the value after the idiom is the old one; `explicitPairs` reads these.
const NAMES_THE_OLD = /^\s+(?:of|than)\b/i;

/** An idiom as compared: lower case, one space between words, straight apostrophes. */
function idiomKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[\s,-]+/g, ' ');
}

const MISTAKES = new Set(MISTAKE_IDIOMS.map(idiomKey));

/**
 * The first correction idiom in `text` that puts a new value forward: where it starts and ends, and whether it
 * says something was a mistake (see `MISTAKE_IDIOMS`).
 */
export function findIdiom(text: string): { index: number; end: number; mistake: boolean } | undefined {
  for (const match of text.matchAll(IDIOMS)) {
    const end = match.index + match[0].length;
    if (NAMES_THE_OLD.test(text.slice(end, end + 8))) continue;
    return { index: match.index, end, mistake: MISTAKES.has(idiomKey(match[0])) };
  }
  return undefined;
}

/** Where the sentence of `text` that holds `index` starts. */
export function sentenceStartOf(text: string, index: number): number {
  const before = text.slice(0, index);
  const stop = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  return stop < 0 ? 0 : stop + 2;
}

/** The sentence of `text` that holds `index`. */
export function sentenceAround(text: string, index: number): string {
  return text.slice(sentenceStartOf(text, index), sentenceEnd(text, index));
}

// A sentence ends at ". ", "! ", "? " or the end: the values of the idiom's sentence are what it puts forward.
const SENTENCE_END = /[.!?](?:\s|$)/g;

/** A passage a person or the assistant wrote, read for corrections. */
export interface Said {
  passage: Passage;
  /** Who wrote it ("user", "assistant"); undefined in notes that name no speaker. */
  role: string | undefined;
  /** The passage's text without its role prefix, and the values in it (none inside `code`). */
  body: string;
  values: ValueToken[];
}

// A code span: a command or a name quoted from code states no setting ("running `logs --since 10m`").
const CODE_SPAN = /`[^`]*`/g;

const saidCache = new WeakMap<ParsedArtifact, readonly Said[]>();

/**
 * The passages a person or the assistant wrote (not tool calls or tool output), with the values in them: read
 * once per parsed artifact.
 */
export function saidPassages(parsed: ParsedArtifact): readonly Said[] {
  const cached = saidCache.get(parsed);
  if (cached !== undefined) return cached;
  const said: Said[] = [];
  const messages = transcriptMessages(parsed);
  let next = 0;
  for (const passage of parsed.passages) {
    while (next < messages.length && (messages[next] as TranscriptMessage).end <= passage.position) next++;
    const message = messages[next];
    const inMessage = message !== undefined && message.start <= passage.position;
    // A tool's output or call is no one's words; notes outside any message are.
    if (inMessage && message.role === 'other') continue;
    const body =
      inMessage && message.start === passage.position
        ? passage.text.slice(message.headerLength)
        : passage.text;
    const values = valueTokens(
      body.includes('`') ? body.replace(CODE_SPAN, (span) => ' '.repeat(span.length)) : body,
    );
    said.push({ passage, role: inMessage ? message.role : undefined, body, values });
  }
  saidCache.set(parsed, said);
  return said;
}

/** The end of the sentence that holds `index` in `text`. */
export function sentenceEnd(text: string, index: number): number {
  SENTENCE_END.lastIndex = index;
  const end = SENTENCE_END.exec(text);
  return end === null ? text.length : end.index + 1;
}
