import { normalizeText } from '../scoring/normalize.js';
import { findMentions } from './action-mentions.js';
import { contentStems } from './content-words.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { distinctiveLimit, passageFrequency } from './plan-reversals.js';
import { saidPassages, sentenceStartOf } from './said-passages.js';
import { supersededLines } from './superseded-labels.js';

// A person reporting that they set something up themselves: "I set up a Vercel project", "we've moved it to",
// "I already switched the job over".
const SET_UP =
  /\b(?:I|we)(?:['’]ve| have)?\s+(?:already\s+|just\s+)?(?:set up|setup|moved|migrated|switched|put|created|configured|hooked up|connected|deployed|spun up|stood up)\b/i;

// …as a thing of the past: "already", "yesterday", "last week". "I set up the cron each morning" is a habit.
const IN_THE_PAST =
  /\b(?:already|yesterday|last (?:night|week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this morning|earlier today|over the weekend|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;

/** Plan and report must share this many distinctive words: the report is about the same thing. */
const SHARED_WORDS = 2;

/** A change of plan made by events, and what of it states the setup that stands now. */
export interface SettledChange {
  passages: Passage[];
  /** The line from the sentence that reports the setup on. */
  text: string;
}

/**
 * The latest line a person wrote after a plan (`passage`, a decision) reporting that they set up something for
 * the same thing in the past ("we'll put the docs on GitHub Pages" … "I set up a Vercel project for the docs
 * yesterday, it's connected already"): what was set up stands, not what was planned. The line shares two
 * distinctive words with the plan. Undefined when no later report is about the plan.
 */
export function settledChange(parsed: ParsedArtifact, passage: Passage): SettledChange | undefined {
  if (passage.cues.decision.length === 0) return undefined;
  const frequency = passageFrequency(parsed);
  const limit = distinctiveLimit(parsed);
  const planned = new Set<number>();
  for (const stem of contentStems(passage.text)) {
    const id = stemIdIn(parsed, stem);
    if (id === undefined) continue;
    const count = frequency[id] as number;
    if (count >= 2 && count <= limit) planned.add(id);
  }
  if (planned.size < SHARED_WORDS) return undefined;
  const said = saidPassages(parsed);
  const superseded = supersededLines(parsed);
  for (let index = said.length - 1; index >= 0; index--) {
    const { passage: report, role, body } = said[index] as (typeof said)[number];
    if (report.position <= passage.position) break;
    // A report the notes label superseded no longer stands: it overtakes no plan.
    if (
      role === 'assistant' ||
      report.line === passage.line ||
      body.trimEnd().endsWith('?') ||
      superseded[report.position] === 1
    )
      continue;
    const setUp = SET_UP.exec(body);
    if (setUp === null || !IN_THE_PAST.test(body)) continue;
    const shared = new Set(
      contentStems(body)
        .map((stem) => stemIdIn(parsed, stem))
        .filter((id) => id !== undefined && planned.has(id)),
    );
    if (shared.size < SHARED_WORDS) continue;
    return { passages: [report], text: body.slice(sentenceStartOf(body, setUp.index)) };
  }
  return undefined;
}

/**
 * The report of a setup made since the latest plan among `mentions` (passages naming an action) that one
 * overtook (`settledChange`); undefined when none was.
 */
export function settledSince(
  parsed: ParsedArtifact,
  mentions: readonly { passage: Passage }[],
): Passage | undefined {
  for (let index = mentions.length - 1; index >= 0; index--) {
    const settled = settledChange(parsed, (mentions[index] as { passage: Passage }).passage);
    if (settled !== undefined) return settled.passages[0];
  }
  return undefined;
}

// A name in an action: capitalised words ("GitHub Pages", "Cloud Run"), not at its start.
const NAME = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}.-]*(?:\s+\p{Lu}[\p{L}\p{N}.-]*)*/gu;

/**
 * For an action naming a thing ("deploy to GitHub Pages"), the report of a setup made since a plan naming that
 * thing, when the report does not name it itself ("I set up a Vercel project for the docs yesterday"): the
 * action follows a plan events overtook. Undefined otherwise.
 */
export function settledAgainstNamed(parsed: ParsedArtifact, action: string): Passage | undefined {
  for (const match of action.matchAll(NAME)) {
    if (match.index === 0) continue;
    const name = match[0];
    const settled = settledSince(parsed, findMentions(parsed, name));
    if (settled !== undefined && !settled.normalized.includes(normalizeText(name))) return settled;
  }
  return undefined;
}
