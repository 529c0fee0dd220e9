import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { transcriptMessages } from './transcript-messages.js';

// A sentence that ends in a colon announces what follows it: "raise it only for the role that runs the heavy
// reports, for example:", then the example. Blank space after the colon aside.
const ENDS_IN_COLON = /:\s*$/;

/**
 * The position of the passage a passage ending in a colon introduces (the next one, in the same message of a
 * transcript), -1 when it ends otherwise or is the last of its message. Such a passage says what the next one
 * holds ("for example:", "the command is:"), so it is quoted with it.
 */
export function introducedAfter(parsed: ParsedArtifact, position: number): number {
  const passage = parsed.passages[position] as Passage | undefined;
  if (passage === undefined || !ENDS_IN_COLON.test(passage.text)) return -1;
  const message = transcriptMessages(parsed).find((one) => one.start <= position && position < one.end);
  return message !== undefined && position + 1 < message.end ? position + 1 : -1;
}
