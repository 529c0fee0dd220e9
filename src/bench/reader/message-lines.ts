import { passagesOfLine } from './line-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { reversingLines } from './plan-reversals.js';
import { MAX_LINE_PASSAGE } from './split-passages.js';
import { transcriptMessages } from './transcript-messages.js';

/**
 * A line of a person's message up to this many characters is quoted whole, though read sentence by sentence:
 * two passages' worth, what a message with an opener and an aside around one request comes to.
 */
const MAX_QUOTED_LINE = 2 * MAX_LINE_PASSAGE;

/**
 * For a sentence of a line the user wrote that the reader cut into sentences for being long, the positions of
 * the line's other sentences; empty otherwise. A person's message is one utterance: its sentences point at each
 * other ("hang it off the job runner", "use that", "can you fix both?"), so a sentence quoted alone loses what
 * it is about, or what is asked of it. Not the assistant's: its long messages weigh options, and quoting one
 * whole restates the option not taken. Not a line dropping a plan, which is quoted for the plan that stands.
 */
export function restOfMessageLine(parsed: ParsedArtifact, position: number): number[] {
  const line = passagesOfLine(parsed.passages, position);
  if (line.length < 2) return [];
  let length = 0;
  for (const part of line) length += part.text.length + 1;
  if (length > MAX_QUOTED_LINE) return [];
  const message = transcriptMessages(parsed).find((one) => one.start <= position && position < one.end);
  if (message?.role !== 'user') return [];
  // A line that drops or reverses a plan is quoted for the plan that stands (see `standingAfter`): its words
  // about the dropped plan would restate it.
  if (reversingLines(parsed).some((parts) => parts[0]?.line === line[0]?.line)) return [];
  return line.map((part: Passage) => part.position).filter((at) => at !== position);
}
