import { ValidationError } from '../../errors.js';
import type { Prng } from '../random/prng.js';

/** What may be wrapped around a user turn at one paraphrase depth. */
export interface ParaphraseFrame {
  /** Put before the turn: "Quick one before I forget: ". */
  readonly leadIns: readonly string[];
  /** Put after the turn: " Sorry if that was already obvious." */
  readonly trailers: readonly string[];
  /** A remark about unrelated work, before or after everything else. */
  readonly asides: readonly string[];
}

const LEAD_INS = [
  'Quick one before I forget: ',
  'Okay, so — ',
  'One thing for the record: ',
  'Before we go on: ',
  'Heads-up: ',
  'Small thing: ',
  'For context: ',
  "Just so it's written down: ",
  'Noting this here: ',
  'Right, so: ',
  'FYI — ',
  'While I think of it: ',
];

const LONG_LEAD_INS = [
  'This came up in standup, so for the thread: ',
  'I mentioned it in the meeting, but to have it in writing: ',
  'Circling back to something from this morning: ',
  'Back to this morning: ',
  'Someone asked me about this earlier, so here it is: ',
];

const TRAILERS = [
  ' Sorry if that was already obvious.',
  ' Just flagging it.',
  ' Thanks for bearing with me.',
  ' Shout if anything is unclear.',
  ' Hope that makes sense.',
  " That's all on this one.",
  ' Cheers.',
];

const ASIDES = [
  'Unrelated, but the staging deploy from this morning went through fine.',
  'Separately, standup is in the afternoon this week.',
  'Side note: my laptop finally finished its OS update.',
  'Also, the coffee machine on the third floor works again.',
  'By the way, the offsite photos are in the shared drive.',
  'Unrelated: the dashboards felt slow earlier, probably just the VPN.',
  'Also, the intern demo went well yesterday.',
  'Side note: the flaky CI runner got swapped out over the weekend.',
];

/**
 * Neutral framing per paraphrase depth (index 0..3), each depth adding to the one before: 0 nothing, 1 lead-ins,
 * 2 longer lead-ins and trailers, 3 also a remark about unrelated work. No frame holds a word of
 * `FILLER_BANNED_WORDS`, so framing never adds a rule, a decision or a task.
 */
export const PARAPHRASE_FRAMES: readonly ParaphraseFrame[] = Object.freeze([
  { leadIns: [], trailers: [], asides: [] },
  { leadIns: LEAD_INS, trailers: [], asides: [] },
  { leadIns: [...LEAD_INS, ...LONG_LEAD_INS], trailers: TRAILERS, asides: [] },
  { leadIns: [...LEAD_INS, ...LONG_LEAD_INS], trailers: TRAILERS, asides: ASIDES },
]);

/**
 * Wraps a template user turn in the framing of `depth` (depths above 3 frame like 3); the original text stays
 * verbatim inside, and depth 0 returns it unchanged.
 *
 * @example paraphrase('Never drop the ledger table.', 2, prng) // 'Heads-up: Never drop the ledger table. Cheers.'
 */
export function paraphrase(text: string, depth: number, prng: Prng): string {
  if (!Number.isSafeInteger(depth) || depth < 0) {
    throw new ValidationError([
      { where: 'paraphrase(depth)', message: `must be a whole number >= 0, got ${depth}` },
    ]);
  }
  const frame = PARAPHRASE_FRAMES[Math.min(depth, PARAPHRASE_FRAMES.length - 1)] as ParaphraseFrame;
  if (frame.leadIns.length === 0) return text;
  let framed = `${prng.pick(frame.leadIns)}${text}`;
  if (frame.trailers.length > 0) framed += prng.pick(frame.trailers);
  if (frame.asides.length > 0) {
    const aside = prng.pick(frame.asides);
    framed = prng.chance(0.5) ? `${aside} ${framed}` : `${framed} ${aside}`;
  }
  return framed;
}
