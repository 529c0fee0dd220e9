import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { passagesNamingPartOf } from './rule-phrase.js';
import { messageUnits, type TranscriptMessage, transcriptMessages } from './transcript-messages.js';

// A reply that turns down what was just proposed by pointing back at it: "I'm not comfortable with that one",
// "no, …", "I'd rather not", "not a fan of that", "let's not", "I don't want that".
const VETO =
  /^(?:no|nope|nah)\b(?![-\s](?:need|problem|worries|rush|changes?|way)\b)|\b(?:not comfortable with (?:that|this|it)|(?:i'?d|i would) rather (?:not|we didn'?t)|not a fan of (?:that|this|it)|(?:that'?s|that is) a no\b|let'?s not\b|(?:i )?(?:don'?t|do not) (?:like|want) (?:that|this|it)\b|not (?:that|this) one\b|(?:that|this) won'?t fly\b)/i;

/** How many sentences of a reply may come before the one turning the proposal down. */
const OPENING_SENTENCES = 2;

/**
 * The user's reply that turns down the assistant message holding `position`, when the next message either of
 * them wrote is the user's and opens by turning it down ("I'm not comfortable with that one, even locally").
 * Undefined otherwise: a proposal is vetoed by the answer to it, not by a "no" later on.
 */
export function vetoOf(parsed: ParsedArtifact, position: number): Passage | undefined {
  const messages = transcriptMessages(parsed);
  const at = messages.findIndex((message) => message.start <= position && position < message.end);
  if (at < 0 || messages[at]?.role !== 'assistant') return undefined;
  const reply = spokenFrom(messages, at + 1, 1);
  if (reply?.role !== 'user') return undefined;
  const veto = openingVeto(parsed, reply);
  return veto === undefined ? undefined : (parsed.passages[veto] as Passage);
}

function openingVeto(parsed: ParsedArtifact, reply: TranscriptMessage): number | undefined {
  const units = messageUnits(parsed, reply).slice(0, OPENING_SENTENCES);
  return units.find((unit) => VETO.test(unit.text))?.position;
}

/**
 * The latest reply turning down an assistant's proposal that named a thing the action does, in two of its
 * words side by side ("Quickest is setting NODE_TLS_REJECT_UNAUTHORIZED=0" and "I'm not comfortable with that
 * one"), when the action was not met in the words it is written in; undefined when none.
 */
export function vetoNamingPartOf(parsed: ParsedArtifact, action: string): Passage | undefined {
  const messages = transcriptMessages(parsed);
  for (let index = messages.length - 1; index > 0; index--) {
    const reply = messages[index] as TranscriptMessage;
    if (reply.role !== 'user') continue;
    const veto = openingVeto(parsed, reply);
    if (veto === undefined) continue;
    const proposal = spokenFrom(messages, index - 1, -1);
    if (proposal?.role !== 'assistant') continue;
    const proposed = parsed.passages.slice(proposal.start, proposal.end);
    if (passagesNamingPartOf(action, proposed).length > 0) return parsed.passages[veto] as Passage;
  }
  return undefined;
}

/** The nearest message a person or the assistant wrote, from `index` on in the direction `step` (tools skipped). */
function spokenFrom(
  messages: readonly TranscriptMessage[],
  index: number,
  step: 1 | -1,
): TranscriptMessage | undefined {
  for (let at = index; at >= 0 && at < messages.length; at += step) {
    const message = messages[at] as TranscriptMessage;
    if (message.role !== 'other') return message;
  }
  return undefined;
}
