import { classifyMention } from '../scoring/mentions.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

// How a proposal names the option its author recommends: "what I'd do is…", "I'd suggest…", "my pick is…".
const RECOMMENDS =
  /\b(?:what I'?d do is|I'?d (?:suggest|recommend|propose|go with|rather)|I (?:suggest|recommend|propose)|my (?:pick|recommendation|vote|suggestion) (?:is|would be)|the better (?:option|fix|approach|choice) is|better to)\b/i;

// A reply that only agrees: "yes, do that", "sounds good", "works for me", "go ahead", "👍".
const AGREES =
  /^(?:\W|\b(?:yes|yep|yeah|yup|sure|ok|okay|sounds good|sounds great|works for me|go ahead|go for it|do (?:that|it)|let'?s do (?:that|it)|perfect|agreed|fine|ship it|lgtm|great|makes sense|please do)\b)/i;

/** The longest reply that still reads as a bare agreement; a longer one says more than yes. */
const MAX_AGREEMENT = 120;

// A message of a transcript: "[turn 3] user: …" or "user: …"; what follows the role is what was said.
const MESSAGE = /^(?:\[turn \d+\]\s*)?(user|assistant)\s*:\s*(.*)$/is;

/**
 * The recommended option of a proposal the user agreed to, when the action is another option of it:
 * "Raising X would hide the error, but what I'd do is Y." followed by "yes, do that". The passages of the
 * proposal's line are searched for the recommendation, and the next message must be the user's bare agreement.
 * Undefined when the action is the recommendation itself, nothing is recommended or nobody agreed.
 */
export function acceptedAlternative(
  parsed: ParsedArtifact,
  mention: Passage,
  action: string,
): Passage | undefined {
  const { passages } = parsed;
  const line = passages.filter((passage) => passage.line === mention.line);
  // The recommending sentence must not be the action itself ("I'd suggest X" when X is the action).
  const recommendation = line.find((passage) =>
    passage.text
      .split(/(?<=[.!?])\s+/)
      .some((sentence) => RECOMMENDS.test(sentence) && classifyMention(sentence, action) !== 'affirmed'),
  );
  if (recommendation === undefined) return undefined;
  const last = line[line.length - 1] as Passage;
  const reply = passages[last.position + 1];
  if (reply === undefined) return undefined;
  const said = MESSAGE.exec(reply.text);
  if (said === undefined || said === null || said[1]?.toLowerCase() !== 'user') return undefined;
  const text = (said[2] as string).replace(/^[^:]{0,60}:\s*/, '');
  return text.length <= MAX_AGREEMENT && AGREES.test(text) ? recommendation : undefined;
}
