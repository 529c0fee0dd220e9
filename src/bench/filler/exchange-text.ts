import { capitalize } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import type { ToolRun } from './tool-run.js';

/*
 * The natural-language parts of filler: what the assistant says before and after its tool calls. Every phrase
 * is neutral: it reports what happened and never states a rule, a decision or a task.
 */

const LEAD_ENDINGS = ['.', ' first.', ' to get the picture.', ' to see what is there.', '.'];

/** The assistant's lead-in before its calls: "Reading `a.ts` and running `npm test`."; `brief` keeps it short. */
export function assistantLead(prng: Prng, runs: readonly ToolRun[], brief = false): string {
  if (prng.chance(brief ? 0.5 : 0.15)) return '';
  const leads = runs.map((run) => run.lead);
  const joined =
    leads.length === 1 ? leads[0] : `${leads.slice(0, -1).join(', ')} and ${leads[leads.length - 1]}`;
  return `${capitalize(joined ?? '')}${brief ? '.' : prng.pick(LEAD_ENDINGS)}`;
}

const REPLY_OPENERS = ['', '', '', 'Done. ', 'Here is what came back. ', 'Okay. ', 'Checked. '];
const REPLY_CLOSERS = [
  '',
  '',
  '',
  ' Nothing surprising there.',
  ' That matches what the code suggests.',
  ' Happy to dig further if useful.',
];

/** The assistant's short reply after the results: its notes on each call; `brief` leaves out the small talk. */
export function assistantReply(prng: Prng, runs: readonly ToolRun[], brief = false): string {
  const notes = runs.map((run) => run.note).join(' ');
  if (brief) return notes;
  return `${prng.pick(REPLY_OPENERS)}${notes}${prng.pick(REPLY_CLOSERS)}`;
}

/** The user's short request that the first call answers. */
export function userRequest(prng: Prng, runs: readonly ToolRun[]): string {
  const first = runs[0];
  if (first === undefined) return 'Can you take a look?';
  return prng.chance(0.2)
    ? `${first.request} ${prng.pick(['Thanks.', 'No rush.', 'Quick look is fine.'])}`
    : first.request;
}
