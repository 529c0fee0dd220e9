import { contentStems, STOPWORDS, stemOf } from './content-words.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { distinctiveLimit, passageFrequency } from './plan-reversals.js';
import { planIdiomAt, saidPassages, sentenceEnd, sentenceStartOf } from './said-passages.js';
import { supersededLines } from './superseded-labels.js';

/**
 * A person returning to what the conversation had before an alternative was tried, naming it after the words
 * ("ok, back to Postgres", "revert to the cron job", "stick with REST"): the alternative tried since is dropped.
 * What follows runs to the clause's end; a colon there makes it a topic ("Back to this morning: …"), no plan.
 */
const RETURN_TO =
  /(?<![\p{L}\p{N}])(?:back to|return(?:ing)? to|revert(?:ing|ed)? to|roll(?:ing)? back to|stick(?:ing)? with|stay(?:ing)? with|keep(?:ing)? it (?:in|on) the|keep using)\s+(?<named>[^.,;:!?()\n]+?)\s*(?<end>[.,;:!?()\n]|$)/giu;

/**
 * The same return, naming the thing before the words: "REST per service like before", "the raw SQL was fine",
 * "the cron job was better after all". What is named runs from the clause's start.
 */
const NAMED_BEFORE =
  /(?<named>[^.,;:!?()\n]+?)\s+(?:(?:like|as) (?:before|it was|we had it)|(?:was|were) (?:fine|better|good enough|right)(?![\p{L}\p{N}]))/giu;

/** Words that name a time or a topic rather than a plan: "back to this morning", "back to that question". */
const NOT_A_PLAN = new Set(
  contentStems(
    'morning afternoon evening yesterday today tomorrow earlier later before first topic question point thread ' +
      'discussion conversation work start basics square drawing board normal usual mind loop sync track',
  ),
);

// A negation just before a return refuses it: "and not back to the old limit either".
const NEGATED = /(?<![\p{L}\p{N}])(?:not|no|never|don't|do not|won't)\s+(?:\p{L}+\s+)?$/iu;

/** A line a person wrote that drops a plan, and what it drops. */
interface DropLine {
  passages: Passage[];
  /** The stem ids of what the line names: the thing returned to, or what its dropping sentence names. */
  named: Set<number>;
  /** The line returns to `named` (else it drops what it names, see `PLAN_IDIOMS`). */
  returns: boolean;
  /** For a return: where the thing returned to was first named; alternatives taken up since are dropped. */
  since: number;
  /** Every stem id of the line, and those of what stands after the sentence that drops a plan. */
  stems: Set<number>;
  standing: Set<number>;
  /** The line from the sentence that drops or returns on: what the reader quotes for the plan that stands. */
  quote: string;
}

/** What dropped plans are looked up with, read once per parsed artifact. */
interface DropIndex {
  lines: DropLine[];
  /** The stem ids each said passage holds, by position (people's and the assistant's words only). */
  said: Map<number, Set<number>>;
  /** Who wrote each said passage, by position. */
  roles: Map<number, string | undefined>;
  /** The last position of a said passage holding each stem id. */
  lastSaid: Map<number, number>;
  /** The last position of a decision a person wrote, not asking, holding each stem id: a plan taken up. */
  lastTaken: Map<number, number>;
  frequency: Uint32Array;
  limit: number;
  /** The ids of the stems of `NOT_A_PLAN` and of function words. */
  notAPlan: Set<number>;
}

const cache = new WeakMap<ParsedArtifact, DropIndex>();

function stemsAt(parsed: ParsedArtifact, position: number): Set<number> {
  const ids = new Set<number>();
  for (let at = parsed.stemStarts[position] as number; at < (parsed.stemStarts[position + 1] as number); at++)
    ids.add(parsed.stemIds[at] as number);
  return ids;
}

/**
 * The ids of a text's content stems that name something in particular: in `least` (2 for a word of the
 * artifact that refers back to another passage) to `limit` passages.
 */
function distinctiveIds(
  parsed: ParsedArtifact,
  text: string,
  frequency: Uint32Array,
  limit: number,
  least = 2,
): number[] {
  const ids: number[] = [];
  for (const stem of contentStems(text)) {
    if (NOT_A_PLAN.has(stem)) continue;
    const id = stemIdIn(parsed, stem);
    if (id === undefined) continue;
    const count = frequency[id] as number;
    if (count >= least && count <= limit) ids.push(id);
  }
  return ids;
}

function indexOf(parsed: ParsedArtifact): DropIndex {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const frequency = passageFrequency(parsed);
  const limit = distinctiveLimit(parsed);
  const said = new Map<number, Set<number>>();
  const roles = new Map<number, string | undefined>();
  const lastSaid = new Map<number, number>();
  const lastTaken = new Map<number, number>();
  const byLine = new Map<number, { passages: Passage[]; body: string; role: string | undefined }>();
  const superseded = supersededLines(parsed);
  for (const { passage, role, body } of saidPassages(parsed)) {
    const stems = stemsAt(parsed, passage.position);
    said.set(passage.position, stems);
    roles.set(passage.position, role);
    for (const id of stems) lastSaid.set(id, passage.position);
    // A note labelled superseded neither takes a plan up nor drops one: what it records was set aside.
    if (superseded[passage.position] === 1) continue;
    // Taking a plan up again is a decision ("let's use X after all"); a question or a new topic is none.
    const decides = passage.cues.decision.length > 0 || passage.cues.override.length > 0;
    if (role !== 'assistant' && decides && !body.trimEnd().endsWith('?'))
      for (const id of stems) lastTaken.set(id, passage.position);
    // A plan is dropped by the person it is for (or in notes that name no writer), not by the assistant.
    if (role === 'assistant') continue;
    const line = byLine.get(passage.line);
    if (line === undefined) byLine.set(passage.line, { passages: [passage], body, role });
    else {
      line.passages.push(passage);
      line.body += ` ${body}`;
    }
  }
  const lines: DropLine[] = [];
  for (const { passages, body } of byLine.values()) {
    const first = (passages[0] as Passage).position;
    const stems = new Set<number>();
    for (const passage of passages) for (const id of stemsAt(parsed, passage.position)) stems.add(id);
    const base = { passages, stems };
    for (const found of returnsIn(body)) {
      const named = distinctiveIds(parsed, found.named, frequency, limit);
      const since = firstHolding(said, named, first);
      if (since === undefined) continue;
      const quote = body.slice(sentenceStartOf(body, found.index));
      lines.push({ ...base, named: new Set(named), returns: true, since, standing: stems, quote });
      break;
    }
    const dropping = droppingSentence(body);
    if (dropping === undefined) continue;
    const rest = body.slice(dropping.end).trim();
    // A dropping sentence with nothing after it states the new plan itself ("on second thought, use Redis",
    // "so Meilisearch after all"): what it names may be what it takes up, so it drops nothing here.
    if (rest.length < MIN_REST) continue;
    const named = distinctiveIds(parsed, body.slice(dropping.start, dropping.end), frequency, limit);
    const standing = new Set(distinctiveIds(parsed, rest, frequency, limit));
    const quote = rest;
    lines.push({ ...base, named: new Set(named), returns: false, since: 0, standing, quote });
  }
  lines.sort((a, b) => (a.passages[0] as Passage).position - (b.passages[0] as Passage).position);
  const notAPlan = new Set<number>();
  // Function words too: "the" in both lines ties nothing.
  for (const stem of [...NOT_A_PLAN, ...[...STOPWORDS].map(stemOf)]) {
    const id = stemIdIn(parsed, stem);
    if (id !== undefined) notAPlan.add(id);
  }
  const index = { lines, said, roles, lastSaid, lastTaken, frequency, limit, notAPlan };
  cache.set(parsed, index);
  return index;
}

/** Sentences shorter than this after the dropping one say too little to stand for the new plan. */
const MIN_REST = 12;

/** The returns a line makes, in order: where each starts and what it names. */
function returnsIn(body: string): { index: number; named: string }[] {
  const found: { index: number; named: string }[] = [];
  for (const match of body.matchAll(RETURN_TO)) {
    // "Back to this morning: …" opens a topic; a return names a plan and goes on or ends the sentence.
    if (match.groups?.end === ':') continue;
    // "not back to 82.5% either" refuses a return.
    if (NEGATED.test(body.slice(Math.max(0, match.index - 16), match.index))) continue;
    found.push({ index: match.index, named: match.groups?.named ?? '' });
  }
  for (const match of body.matchAll(NAMED_BEFORE))
    found.push({ index: match.index, named: match.groups?.named ?? '' });
  return found.sort((a, b) => a.index - b.index);
}

/** The first sentence of a line that drops a plan (see `PLAN_IDIOMS`) and is no question. */
function droppingSentence(body: string): { start: number; end: number; idiom: number } | undefined {
  for (let start = 0; start < body.length; ) {
    const end = sentenceEnd(body, start);
    const sentence = body.slice(start, end);
    const idiom = planIdiomAt(sentence);
    if (idiom >= 0 && !sentence.trimEnd().endsWith('?')) return { start, end, idiom: start + idiom };
    start = end;
    while (start < body.length && /\s/.test(body.charAt(start))) start++;
  }
  return undefined;
}

/** The first said passage before `before` holding every id of `named`; undefined when none does. */
function firstHolding(
  said: Map<number, Set<number>>,
  named: readonly number[],
  before: number,
): number | undefined {
  if (named.length === 0) return undefined;
  for (const [position, stems] of said) {
    if (position >= before) return undefined;
    if (named.every((id) => stems.has(id))) return position;
  }
  return undefined;
}

/** A plan a person dropped: the line that drops it, and what of the line to quote for the plan that stands. */
export interface DroppedPlan {
  passage: Passage;
  quote: string;
}

/**
 * The latest line a person wrote that drops the plan `action` belongs to, when no later passage people wrote
 * takes the plan up again. A line drops a plan when it returns to what the conversation had before it ("back
 * to Postgres", "REST like before", "the raw SQL was fine": the plan was taken up since that thing was first
 * named, in a person's message or one that named it too), or when its dropping sentence ("forget the cache
 * idea", "scratch that, lantern is taken") names the plan or a word of the message that took the plan up
 * ("cache the rates in Redis" for "check Redis first"). The plan is the action's distinctive words: one of
 * them must be in the plan's message and in nothing the line keeps. With `after` (a passage the reader
 * quotes), only a later line that returns from it counts.
 */
export function droppedPlan(parsed: ParsedArtifact, action: string, after?: number): DroppedPlan | undefined {
  const index = indexOf(parsed);
  if (index.lines.length === 0) return undefined;
  const words = distinctiveIds(parsed, action, index.frequency, index.limit, 1).filter((id) =>
    index.lastSaid.has(id),
  );
  if (words.length === 0) return undefined;
  for (let at = index.lines.length - 1; at >= 0; at--) {
    const line = index.lines[at] as DropLine;
    const start = (line.passages[0] as Passage).position;
    if (after !== undefined) {
      if (start <= after) break;
      // A line that drops by the words of a plan's message is too loose a tie for a passage's many words.
      if (!line.returns) continue;
    }
    const end = (line.passages.at(-1) as Passage).position;
    // A word of the action a person said before the line and takes up again after it: the plan goes on.
    const resumed = words.some(
      (word) => (index.lastTaken.get(word) ?? -1) > end && firstSaid(index, word) < start,
    );
    if (resumed) continue;
    for (const word of words) {
      // Said again after the line, or kept by it: no word of the plan it drops.
      if ((index.lastSaid.get(word) as number) > end) continue;
      if (line.returns ? line.stems.has(word) || line.named.has(word) : line.standing.has(word)) continue;
      if (line.returns ? takenUpSince(index, line, word, start) : namedWithDrop(index, line, word, start))
        return { passage: line.passages[0] as Passage, quote: line.quote };
    }
  }
  return undefined;
}

/**
 * The line that returns from the plan a passage states (what of it the reader would quote, `text`), when a
 * person returned from it after the passage (see `droppedPlan`): the passages of the line, and what of it
 * states the plan that stands.
 */
export function droppedStatement(
  parsed: ParsedArtifact,
  passage: Passage,
  text: string,
): { passages: Passage[]; text: string } | undefined {
  const dropped = droppedPlan(parsed, text, passage.position);
  if (dropped === undefined) return undefined;
  const line = indexOf(parsed).lines.find((entry) => entry.passages[0] === dropped.passage);
  return { passages: line?.passages ?? [dropped.passage], text: dropped.quote };
}

/** The first position of a said passage holding the stem id. */
function firstSaid(index: DropIndex, word: number): number {
  for (const [position, stems] of index.said) if (stems.has(word)) return position;
  return Number.POSITIVE_INFINITY;
}

/** A person's message, or one naming what the line returns to, took `word` up after that thing was named. */
function takenUpSince(index: DropIndex, line: DropLine, word: number, start: number): boolean {
  for (const [position, stems] of index.said) {
    if (position < line.since) continue;
    if (position >= start) return false;
    if (!stems.has(word)) continue;
    if (index.roles.get(position) !== 'assistant' || [...line.named].some((id) => stems.has(id)))
      if (sharesTopic(index, line, stems, word)) return true;
  }
  return false;
}

/**
 * Whether the message that took the alternative up and the returning line speak of the same work: a
 * distinctive word in both besides the alternative and what is returned to ("Back to the timeline." after an
 * unrelated plan shares none).
 */
function sharesTopic(index: DropIndex, line: DropLine, stems: ReadonlySet<number>, word: number): boolean {
  for (const id of stems) {
    if (id === word || line.named.has(id) || !line.stems.has(id)) continue;
    const count = index.frequency[id] as number;
    if (count >= 2 && count <= index.limit && !index.notAPlan.has(id)) return true;
  }
  return false;
}

/** The line's dropping sentence names `word`, or an earlier said passage holds it with a word that sentence names. */
function namedWithDrop(index: DropIndex, line: DropLine, word: number, start: number): boolean {
  if (line.named.has(word)) return true;
  for (const [position, stems] of index.said) {
    if (position >= start) return false;
    if (stems.has(word) && [...line.named].some((id) => stems.has(id))) return true;
  }
  return false;
}

/** The lines people wrote that return to an earlier thing or drop a plan, in reading order. */
export function droppedPlanLines(
  parsed: ParsedArtifact,
): readonly { passages: Passage[]; returns: boolean; since: number; named: ReadonlySet<number> }[] {
  return indexOf(parsed).lines;
}
