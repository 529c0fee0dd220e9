import { withoutClosedTasks } from './closed-tasks.js';
import { TASK_CUES } from './cue-lexicon.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { saysWorkDone } from './task-done.js';
import { toolExchanges } from './tool-exchanges.js';

// "no need to bother with the Windows build": "need to" said of work nobody has to do.
const NEGATED_NEED = /\b(?:no|don'?t|doesn'?t|won'?t|never)\s+(?:really\s+)?needs?\s+to\b/gi;

// A task cue as written: "still need", "to do", "pending", "next"…
const TASK_CUE = new RegExp(
  `\\b(?:${TASK_CUES.map((cue) => cue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
  'i',
);

/**
 * Whether a passage reports work done or no longer needed ("Ana already replied", "no need to bother with
 * X") and names no open work: a "need to" it says only to deny it is none.
 */
function reportsDoneOnly(passage: Passage): boolean {
  if (!saysWorkDone(passage.text)) return false;
  return passage.cues.task.length === 0 || !TASK_CUE.test(passage.text.replace(NEGATED_NEED, ''));
}

// A request put as a question: "can you fix both?", "could you work through it?", "would you mind …?".
const REQUEST = /\b(?:can|could|would|will) you\b[^?]*\?|\bplease\b[^?]*\?/i;

/** Whether a passage's question asks for work ("can you fix both?") rather than for something not known. */
export function asksForWork(text: string): boolean {
  return REQUEST.test(text);
}

// Where a list of tasks divides (as `withoutClosedTasks` reads it): at least two pieces.
const LIST_PIECE = /,\s|;\s|:\s|\sand then\s/;

/** What is read of each passage for a "what's left?" question, once per parsed artifact. */
interface OpenWorkReadings {
  /** 1 when it only reports work done (`reportsDoneOnly`), 0 when not, -1 when not read yet. */
  done: Int8Array;
  /** 1 when a later passage closes some task of its list (`listsClosedWork`), 0 when not, -1 when not read yet. */
  closed: Int8Array;
}

const readings = new WeakMap<ParsedArtifact, OpenWorkReadings>();

function readingsOf(parsed: ParsedArtifact): OpenWorkReadings {
  let known = readings.get(parsed);
  if (known === undefined) {
    const count = parsed.passages.length;
    known = { done: new Int8Array(count).fill(-1), closed: new Int8Array(count).fill(-1) };
    readings.set(parsed, known);
  }
  return known;
}

/**
 * Whether the passage reports work done and names no open work (see `reportsDoneOnly`), read once per passage of
 * a parsed artifact: every "what's left?" item of a case asks it of the passages about it.
 */
export function reportsDone(parsed: ParsedArtifact, index: number): boolean {
  const { done } = readingsOf(parsed);
  if (done[index] === -1) done[index] = reportsDoneOnly(parsed.passages[index] as Passage) ? 1 : 0;
  return done[index] === 1;
}

/**
 * Whether the passage is a list of work asked for ("two things for today: A, and B") of which a later passage
 * closes a part ("A got closed as a dupe"): what is left is the rest of that list, so it answers "what's left?"
 * more than any passage that merely shares the question's words. A tool's output lists no work asked for.
 * Read once per passage of a parsed artifact.
 */
export function listsClosedWork(parsed: ParsedArtifact, index: number): boolean {
  const { closed } = readingsOf(parsed);
  if (closed[index] === -1) {
    const passage = parsed.passages[index] as Passage;
    const listed =
      toolExchanges(parsed).inOutput[index] === 0 &&
      LIST_PIECE.test(passage.text) &&
      withoutClosedTasks(parsed, passage, passage.text) !== undefined;
    closed[index] = listed ? 1 : 0;
  }
  return closed[index] === 1;
}

/**
 * Whether the passage at `next`, ranked after a list of work partly closed since (`first`, see
 * `listsClosedWork`), says where the rest of that work stands: it comes later, names open work (a task cue:
 * "waiting for a review"), reports nothing done, and scores at least half as much. "What's left?" is then
 * answered with both: the work asked for less what was closed, and its state.
 */
export function saysWhereRestStands(
  parsed: ParsedArtifact,
  first: number,
  next: number,
  total: Float64Array,
): boolean {
  if (next <= first || (total[next] as number) < (total[first] as number) / 2) return false;
  const passage = parsed.passages[next] as Passage;
  if (passage.cues.task.length === 0 || passage.text.includes('?') || reportsDone(parsed, next)) return false;
  return listsClosedWork(parsed, first);
}
