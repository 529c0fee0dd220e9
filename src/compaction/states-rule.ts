import type { Message } from '../messages/types.js';
import { splitSentences } from './key-sentences.js';

/** Longer user messages are pasted material (logs, specs), not a rule; their rule sentences reach the summary. */
const MAX_RULE_MESSAGE_CHARACTERS = 2_000;

// The detector reads the grammar of a directive, not topics: each pattern is a way English marks a prohibition or
// an obligation addressed to whoever acts. It is deliberately conservative (a pinned message costs budget on every
// compaction); callers with other conventions pass their own `pins.isRule`.
const LEAD = String.raw`^(?:(?:please|pls|so|and|but|also|oh|ok(?:ay)?|now|just|remember|important|note)[,:]?\s+)*`;
const DIRECTIVES: readonly RegExp[] = [
  // Negative imperative: "Don't …", "Never …", "Avoid …", "Refrain from …", "Let's not …", "No force-pushing".
  new RegExp(
    `${LEAD}(?:do not|don't|dont|never|avoid|refrain from|stop|quit|let's not|let us not|no\\s+[\\w-]+ing\\b)`,
    'i',
  ),
  // Deontic modals anywhere: "you must …", "X must not …", "we shouldn't …", "is not allowed".
  /\b(?:must|mustn't|shall|shan't|may not|should never|should not|shouldn't|ought not|is not to|are not to|not allowed|forbidden|prohibited|under no circumstances)\b/i,
  // "always …" / "never …" used as a standing rule inside a sentence.
  /\b(?:always|never)\b/i,
  // Protective imperatives: keep / leave / hold off / stay out: "keep X out of this", "leave X alone".
  new RegExp(`${LEAD}(?:keep|leave|hold off|stay (?:out|away|clear)|steer clear|hands off|back off)\\b`, 'i'),
  // A thing declared out of bounds: "X is off-limits", "X stays hands-off", "X remains read-only".
  /\b(?:off[- ]limits|hands[- ]off|read[- ]only|out of bounds|untouchable|do[- ]not[- ]touch)\b/i,
  /\b(?:stays?|remains?|must be|should be|is to be|are to be|has to be|have to be|needs? to be)\s+(?:untouched|unchanged|frozen|as is|intact|alone)\b/i,
  // Obligations: "make sure …", "ensure …", "be sure to …", "from now on …", "you need to …".
  new RegExp(`${LEAD}(?:make sure|ensure|be sure|remember to|don't forget)\\b`, 'i'),
  /\b(?:from now on|going forward|you (?:need|have) to|you're required to|you are required to)\b/i,
  // A stated preference that binds the work: "I'd rather we leave X alone", "I would prefer you don't …".
  /\b(?:i'd|i would|we'd|we would)\s+(?:rather|prefer)\b/i,
];
/** Reassurances that share a directive's shape but bind nothing. */
const NOT_A_RULE = /^(?:please\s+)?(?:don't worry|do not worry|never mind|no worries|don't bother)\b/i;

/**
 * True when a sentence reads as a directive: a prohibition or an obligation addressed to the agent (the built-in
 * detector behind `pins.isRule`). Questions are not directives.
 */
export function isDirectiveSentence(sentence: string): boolean {
  const text = sentence.trim().replace(/[’‘]/g, "'");
  if (text === '' || text.endsWith('?') || NOT_A_RULE.test(text)) return false;
  return DIRECTIVES.some((pattern) => pattern.test(text));
}

/**
 * The built-in rule detector: a user message of at most 2,000 characters with at least one directive sentence
 * ("Do not touch the migrations folder.", "Keep the billing module out of this.").
 */
export function statesRule(message: Message): boolean {
  if (message.role !== 'user' || message.content.length > MAX_RULE_MESSAGE_CHARACTERS) return false;
  return splitSentences(message.content).some(isDirectiveSentence);
}
