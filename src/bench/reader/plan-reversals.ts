import { contentStems } from './content-words.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planIdiomAt, saidPassages, sentenceEnd } from './said-passages.js';
import { supersededLines } from './superseded-labels.js';

/**
 * A word in at most this many passages, or this share of them in a long artifact, is distinctive enough to tie
 * a reversal to the plan it reverses: a long transcript repeats the name of what it works on in tool output.
 */
const DISTINCTIVE = 8;
const DISTINCTIVE_SHARE = 0.005;

/** What plan reversals are looked up with, read once per parsed artifact. */
interface ReversalIndex {
  /** In how many passages each stem id occurs. */
  frequency: Uint32Array;
  /** The lines a person wrote that drop or reverse a plan, in order: each as the passages of the line. */
  lines: Passage[][];
}

const cache = new WeakMap<ParsedArtifact, ReversalIndex>();

function indexOf(parsed: ParsedArtifact): ReversalIndex {
  let index = cache.get(parsed);
  if (index !== undefined) return index;
  const frequency = new Uint32Array(parsed.stemIdLimit);
  const seenAt = new Int32Array(parsed.stemIdLimit).fill(-1);
  const { stemIds, stemStarts } = parsed;
  for (let position = 0; position < parsed.passages.length; position++) {
    for (let at = stemStarts[position] as number; at < (stemStarts[position + 1] as number); at++) {
      const id = stemIds[at] as number;
      if (seenAt[id] === position) continue;
      seenAt[id] = position;
      frequency[id] = (frequency[id] as number) + 1;
    }
  }
  // A reversal is written by the person the plan is for (or in notes that name no writer): an assistant that
  // reports "switched the tests to the new helper" reverses no plan of theirs.
  const reversing = new Set<number>();
  const superseded = supersededLines(parsed);
  for (const { passage, role, body } of saidPassages(parsed)) {
    // A note labelled superseded ("Superseded, do not use: change of plan: …") reverses nothing now: the
    // reversal it records was itself set aside.
    if (role === 'assistant' || superseded[passage.position] === 1) continue;
    const idiom = planIdiomAt(body);
    // "What's the first step on the new plan?" asks about a plan; it drops none.
    if (idiom >= 0 && body.charAt(sentenceEnd(body, idiom) - 1) !== '?') reversing.add(passage.line);
  }
  const lines: Passage[][] = [];
  for (const passage of parsed.passages) {
    if (!reversing.has(passage.line)) continue;
    const last = lines.at(-1);
    if (last !== undefined && last[0]?.line === passage.line) last.push(passage);
    else lines.push([passage]);
  }
  index = { frequency, lines };
  cache.set(parsed, index);
  return index;
}

/** In how many passages each stem id occurs (read once per parsed artifact). */
export function passageFrequency(parsed: ParsedArtifact): Uint32Array {
  return indexOf(parsed).frequency;
}

/** The lines a person wrote that drop or reverse a plan, in reading order, each as the passages of the line. */
export function reversingLines(parsed: ParsedArtifact): readonly Passage[][] {
  return indexOf(parsed).lines;
}

/** The most passages a word may be in and still tie a reversal to the plan it reverses. */
export function distinctiveLimit(parsed: ParsedArtifact): number {
  return Math.max(DISTINCTIVE, Math.ceil(parsed.passages.length * DISTINCTIVE_SHARE));
}

/** A plan reversal: the passages of its line, and what of it states the plan that stands now. */
export interface PlanReversal {
  passages: Passage[];
  /**
   * The line after the sentence that drops the old plan ("park the Kafka thing. We'll just poll: …" gives
   * "We'll just poll: …"), or from the idiom on when nothing follows it: quoting the dropped plan would restate it.
   */
  text: string;
  /** The line up to the end of the sentence that drops the old plan. */
  dropped: string;
  /** Whether `text` is what follows that sentence (else it is that sentence from the idiom on). */
  follows: boolean;
}

/** Sentences shorter than this many characters after the idiom's say too little to stand for the new plan. */
const MIN_REST = 12;

/**
 * The latest line a person wrote after `passage` that drops or reverses a plan ("on reflection", "forget the
 * cache idea", "scratch that") and shares a distinctive word with `text` (what the reader would quote of the
 * passage; words of `asked` do not count, they say what the question is about, not which plan). With
 * `dropping`, the shared word must be in what the line drops. Undefined when no later reversal is about the
 * same thing.
 */
export function planReversal(
  parsed: ParsedArtifact,
  passage: Passage,
  text: string,
  asked: ReadonlySet<string>,
  dropping = false,
): PlanReversal | undefined {
  const { frequency, lines } = indexOf(parsed);
  if (lines.length === 0 || (lines.at(-1)?.[0]?.position ?? -1) <= passage.position) return undefined;
  const links = new Set<number>();
  const distinctive = distinctiveLimit(parsed);
  for (const stem of contentStems(text)) {
    if (asked.has(stem)) continue;
    const id = stemIdIn(parsed, stem);
    if (id === undefined) continue;
    const count = frequency[id] as number;
    if (count >= 2 && count <= distinctive) links.add(id);
  }
  if (links.size === 0) return undefined;
  const { stemIds, stemStarts } = parsed;
  for (let at = lines.length - 1; at >= 0; at--) {
    const line = lines[at] as Passage[];
    const first = line[0] as Passage;
    if (first.position <= passage.position) break;
    if (first.line === passage.line) continue;
    const linked = line.some((part) => {
      for (
        let word = stemStarts[part.position] as number;
        word < (stemStarts[part.position + 1] as number);
        word++
      )
        if (links.has(stemIds[word] as number)) return true;
      return false;
    });
    if (!linked) continue;
    const whole = line.map((part) => part.text).join(' ');
    const reversal = { passages: line, ...standingPlan(whole), dropped: droppedPart(whole) };
    // Refusing an action for a reversal asks more: the action's word is in what the line drops, not only in
    // the plan that stands ("drop Kafka, we'll poll" does not drop polling).
    if (!dropping || contentStems(reversal.dropped).some((stem) => links.has(stemIdIn(parsed, stem) ?? -1)))
      return reversal;
  }
  return undefined;
}

/** What of a reversing line drops the old plan: up to the end of the sentence with the idiom. */
function droppedPart(text: string): string {
  const idiom = planIdiomAt(text);
  return idiom < 0 ? text : text.slice(0, sentenceEnd(text, idiom));
}

/** What of a reversing line states the plan that stands (see `PlanReversal.text`). */
function standingPlan(text: string): { text: string; follows: boolean } {
  const idiom = planIdiomAt(text);
  if (idiom < 0) return { text, follows: false };
  const rest = text.slice(sentenceEnd(text, idiom)).trim();
  return rest.length >= MIN_REST
    ? { text: rest, follows: true }
    : { text: text.slice(idiom), follows: false };
}

/**
 * When the passage at `position` is a person's sentence dropping a plan ("forget the cache idea, …"), the
 * passages after it in the same line that share a word with the question (`asked`): the plan that stands, as
 * the same message goes on to state it ("fetch it live per invoice, and if it fails …"). Empty otherwise.
 */
export function standingAfter(
  parsed: ParsedArtifact,
  position: number,
  asked: ReadonlySet<string>,
): number[] {
  const passage = parsed.passages[position] as Passage;
  const line = indexOf(parsed).lines.find((parts) => parts.includes(passage));
  if (line === undefined || planIdiomAt(passage.text) < 0) return [];
  return line
    .filter((part) => part.position > position && contentStems(part.text).some((stem) => asked.has(stem)))
    .map((part) => part.position);
}
