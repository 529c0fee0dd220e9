import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { contentStems, stemOf, wordsOf } from './content-words.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { distinctiveLimit, passageFrequency } from './plan-reversals.js';
import { buildQueryWeights, rareStemMask } from './query-weights.js';
import { saysWorkDone } from './task-done.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

// Work set aside rather than done: "skip it", "leave it as is" (not "leave that step on the list", "leave it open
// for now": kept open), "it's fine as is", "nobody looks at the old
// dashboard", "forget the CSV thing", "not worth it".
const SET_ASIDE =
  /\b(?:skip (?:it|that|this|them)|leave (?:it|that|this|them)\b(?!(?:\s+[\w-]+){0,3}\s+(?:on the (?:list|board|backlog)|in the backlog|open\b|for (?:now|later|the next)|pending|till|until))|(?:fine|ok|okay|good|right) as (?:it )?is|nobody (?:looks at|uses|reads|needs|cares about|opens)|forget (?:the|about)\b|drop (?:it|that|this)\b|not worth (?:it|doing|the)|don'?t bother)/i;

// "the key thing", "the CSV stuff": a task named by one of its words. Not "the main thing", which ranks.
const THING = /\bthe ([\w-]+) (?:thing|stuff|ticket|task|item)\b/gi;
const RANKING = new Set([
  'main',
  'important',
  'big',
  'biggest',
  'only',
  'first',
  'last',
  'next',
  'other',
  'same',
]);

const THE_WORD = /\bthe ([\w-]+)/gi;

// A line of `git log --oneline` or a commit subject: a hash, then what the commit did.
const COMMIT_LINE = /^[0-9a-f]{7,40}\s+\S/;

const TWO_CAPITALISED = /\p{Lu}\p{Ll}+[ -]\p{Lu}\p{Ll}/u;

// A sentence ends at ., ! or ? before a space: people type without capitals.
const SENTENCE_END = /(?<=[.!?])\s+/;

/**
 * The first passage after `after` that closes the task: one naming it (two of its distinctive words, "the X
 * thing" with X a word of it, or "the X" with X what its verb works on when rare) in a sentence that says the work is done or set aside, or in the next
 * sentence; or a commit line in a tool's output naming it. Undefined when none does.
 */
export function closingPassage(parsed: ParsedArtifact, task: string, after: number): Passage | undefined {
  const stems = contentStems(task);
  if (stems.length === 0) return undefined;
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  // Only a passage that says some work is done or set aside, or a commit line, can close it: the few such
  // passages are read, not the whole artifact once per task.
  const candidates = closingCandidates(parsed).filter((position) => position > after);
  if (candidates.length === 0) return undefined;
  const bitOfId = new Map<number, number>();
  const frequency = query.weights.map(() => 0);
  const passagesHolding = passageFrequency(parsed);
  for (const [stem, bit] of query.bits) {
    const id = stemIdIn(parsed, stem);
    if (id === undefined) continue;
    bitOfId.set(id, bit);
    frequency[bit] = passagesHolding[id] as number;
  }
  // A word in few passages for the artifact's length: a long transcript mentions a task's words more often.
  const limit = distinctiveLimit(parsed);
  const distinctive = rareStemMask(frequency, limit);
  const stemSet = new Set(stems);
  const object = objectOf(task, query.bits, distinctive);
  const pairs = namingPairs(parsed, task, query.bits, limit);
  const { inOutput } = toolExchanges(parsed);
  for (const position of candidates) {
    const mask = maskOf(parsed, position, bitOfId);
    if (mask === 0) continue;
    const passage = parsed.passages[position] as Passage;
    if (inOutput[position] === 1) {
      // A commit did the task when it says the task's verb and another of its words, one of them distinctive
      // ("bump the version to 2.1" and "4f7b2d8 chore: bump version to 2.1"), not only names it shares.
      // A task naming someone ("Ana Lima, who made the last commits") is no work a commit does.
      const verb = 1 << (query.bits.get(stems[0] as string) as number);
      const saysIt = mask & verb && (mask & ~verb) !== 0 && (mask & distinctive) !== 0;
      if (saysIt && !TWO_CAPITALISED.test(task)) return passage;
      continue;
    }
    if (closesIn(passage.text, { stems: stemSet, distinctive, bits: query.bits, object, pairs }))
      return passage;
  }
  return undefined;
}

/** Which of the query's stems (by stem id, see `stemIdIn`) the passage holds, as a mask of their bits. */
function maskOf(parsed: ParsedArtifact, position: number, bitOfId: ReadonlyMap<number, number>): number {
  let mask = 0;
  const { stemIds, stemStarts } = parsed;
  for (let at = stemStarts[position] as number; at < (stemStarts[position + 1] as number); at++) {
    const bit = bitOfId.get(stemIds[at] as number);
    if (bit !== undefined) mask |= 1 << bit;
  }
  return mask;
}

const candidatesCache = new WeakMap<ParsedArtifact, number[]>();

/**
 * The positions of the passages that could close a task, in order, read once per parsed artifact: a commit line
 * in a tool's output, or a passage with a sentence saying work is done or set aside (`saysClosed`).
 */
function closingCandidates(parsed: ParsedArtifact): number[] {
  let known = candidatesCache.get(parsed);
  if (known !== undefined) return known;
  known = [];
  const { inOutput } = toolExchanges(parsed);
  for (let position = 0; position < parsed.passages.length; position++) {
    const body = withoutHeader((parsed.passages[position] as Passage).text);
    const candidate =
      inOutput[position] === 1 ? COMMIT_LINE.test(body) : body.split(SENTENCE_END).some(saysClosed);
    if (candidate) known.push(position);
  }
  candidatesCache.set(parsed, known);
  return known;
}

/** How a sentence can name a task: its words, those of them rare in the artifact, and what it works on. */
interface TaskWords {
  stems: ReadonlySet<string>;
  distinctive: number;
  bits: ReadonlyMap<string, number>;
  /** The stem of the thing the task's verb works on ("reword the banner": "banner"), when distinctive. */
  object: string | undefined;
  /** Two words of the task side by side ("windows build"), normalised: they name it when few passages do. */
  pairs: readonly NamingPair[];
}

interface NamingPair {
  text: string;
  rare: () => boolean;
}

/**
 * The task's pairs of neighbouring content words, each with whether few passages hold it (read when a sentence
 * holds the pair, once per pair): a thing named by two words ("the Windows build", "release notes") is named so
 * again when someone closes it ("no need to bother with the Windows build"), whatever verb the task had, though
 * each word alone is common.
 */
function namingPairs(
  parsed: ParsedArtifact,
  task: string,
  bits: ReadonlyMap<string, number>,
  limit: number,
): NamingPair[] {
  const words = wordsOf(normalizeText(task));
  const pairs: NamingPair[] = [];
  for (let at = 0; at + 1 < words.length; at++) {
    if (!bits.has(stemOf(words[at] as string)) || !bits.has(stemOf(words[at + 1] as string))) continue;
    const text = `${words[at]} ${words[at + 1]}`;
    let rare: boolean | undefined;
    pairs.push({
      text,
      rare: () => {
        if (rare !== undefined) return rare;
        let count = 0;
        for (const passage of parsed.passages) {
          if (passage.normalized.includes(text) && ++count > limit) break;
        }
        rare = count <= limit;
        return rare;
      },
    });
  }
  return pairs;
}

const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'our',
  'their',
  'its',
  'this',
  'that',
  'those',
  'these',
  'my',
]);

/**
 * The stem of what a task works on: the word after its verb and any determiner ("reword the banner", "rotate
 * our signing key" gives "signing"), when that word is rare in the artifact; undefined otherwise.
 */
function objectOf(task: string, bits: ReadonlyMap<string, number>, distinctive: number): string | undefined {
  const words = wordsOf(normalizeText(task));
  let at = 1;
  while (at < words.length && DETERMINERS.has(words[at] as string)) at++;
  if (at === 1 || at >= words.length) return undefined;
  const stem = stemOf(words[at] as string);
  const bit = bits.get(stem);
  return bit !== undefined && distinctive & (1 << bit) ? stem : undefined;
}

function closesIn(text: string, task: TaskWords): boolean {
  const sentences = withoutHeader(text).split(SENTENCE_END);
  return sentences.some((sentence, index) => {
    if (!namesTask(sentence, task)) return false;
    const next = sentences[index + 1];
    return saysClosed(sentence) || (next !== undefined && saysClosed(next));
  });
}

// "we already agreed: never X", "we already run Secrets Manager": said or in place before, not work done.
const ALREADY_SO =
  /\balready (?:agreed|decided|discussed|mentioned|said|told|asked|noted|established|settled|covered|explained|run|use|have|know)\b/gi;

function saysClosed(sentence: string): boolean {
  return SET_ASIDE.test(sentence) || saysWorkDone(sentence.replace(ALREADY_SO, ''));
}

function namesTask(sentence: string, { stems, distinctive, bits, object, pairs }: TaskWords): boolean {
  for (const match of sentence.matchAll(THING)) {
    const word = (match[1] as string).toLowerCase();
    if (!RANKING.has(word) && stems.has(stemOf(word))) return true;
  }
  // "the banner" names "reword the banner": the thing worked on, with the article that points back at it.
  if (object !== undefined) {
    for (const match of sentence.matchAll(THE_WORD))
      if (stemOf((match[1] as string).toLowerCase()) === object) return true;
  }
  const normalized = normalizeText(sentence);
  for (const pair of pairs) {
    if (!normalized.includes(pair.text) || findWholeWords(normalized, pair.text, 1).length === 0) continue;
    if (pair.rare()) return true;
  }
  let held = 0;
  for (const word of wordsOf(normalized)) {
    const bit = bits.get(stemOf(word));
    if (bit !== undefined && distinctive & (1 << bit)) held |= 1 << bit;
  }
  return bitCount(held) >= 2;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

// "For the export job", "As for the old key", "About the runbook": what a sentence is about, not a task in it.
const TOPIC_PIECE = /^\s*(?:for|as for|as to|about|regarding|concerning|on|with)\s/i;

// Where a list of tasks divides: "rotate the key, update the runbook, and fix the panels".
const LIST_PIECE = /(,\s+(?:and\s+|then\s+)?|;\s+|:\s+|\s+and then\s+)/;

/**
 * The passage's text without the tasks of it that a later passage closes (`closingPassage`), so that a quote
 * does not restate work done or set aside as still to do; undefined when it names no such task.
 */
export function withoutClosedTasks(
  parsed: ParsedArtifact,
  passage: Passage,
  text: string,
): string | undefined {
  const body = withoutHeader(text);
  const header = text.slice(0, text.length - body.length);
  let removed = false;
  const sentences = body.split(SENTENCE_END).map((sentence) => {
    // Pieces at even indexes, each followed by the separator after it.
    const parts = sentence.split(LIST_PIECE);
    if (parts.length < 3) return sentence;
    let kept = '';
    // The separator before the first piece left out: "chores: A, B" without A reads "chores: B".
    let gap: string | undefined;
    for (let index = 0; index < parts.length; index += 2) {
      const piece = parts[index] as string;
      const before = parts[index - 1] ?? '';
      // A piece of one or two words ("kept six years") is a detail of a task, not one; a piece opening with a
      // preposition ("for the flaky currency test, we decided …") names what the sentence is about.
      const closed =
        contentStems(piece).length >= 3 &&
        !TOPIC_PIECE.test(piece) &&
        closingPassage(parsed, piece, passage.position) !== undefined;
      removed ||= closed;
      if (closed) {
        gap ??= before;
        continue;
      }
      kept += kept === '' ? piece : `${gap ?? before}${piece}`;
      gap = undefined;
    }
    return kept;
  });
  return removed ? header + sentences.filter((sentence) => sentence !== '').join(' ') : undefined;
}
