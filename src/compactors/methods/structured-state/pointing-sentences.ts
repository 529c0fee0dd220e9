/**
 * Sentences that point at the statement before them for what they are about: a request for work whose object is
 * that statement ("can you work through it?"), and a remark with no subject of its own ("Worth a look once the
 * fix is in."). Each is read with the statement it points at.
 */
import { isQuestion } from './cue-patterns.js';
import { moreWordsThan, stripOpener } from './split-sentences.js';

// A request for work that points back at the statement before it for what the work is: "can you work through
// it?", "could you take care of those?", "please handle them".
const ASKS_FOR_IT =
  /^(?:so |and |ok(?:ay)?,? )?(?:(?:can|could|would|will) you (?:please |also )?|please |pls )?(?:work through|go through|take care of|handle|tackle|deal with|sort out|address|knock out|get through|pick up|do) (?:it|them|that|those|these|this|all (?:of )?(?:it|them|that|those|these)|the lot)(?: (?:for me|today|now|please|one by one|in order))?[.!?]*$/;

/** Whether a lower-cased sentence asks for work whose object is the statement before it ({@link ASKS_FOR_IT}). */
export function asksForIt(lower: string): boolean {
  return ASKS_FOR_IT.test(lower);
}

// A sentence with no subject of its own, whose subject is what the sentence before it spoke of: "Worth a look
// once the fix is in.", "Needs a second pair of eyes.", "Should be checked before Friday."
const ELLIPTICAL =
  /^(?:worth (?:a |an )?(?:look|check|checking|looking at|looking into|investigating|a closer look|another look)|needs? (?:a |an |another )?(?:look|check|review|fixing|checking|looking at|looking into|second)|should (?:be|get) (?:checked|looked at|fixed|reviewed|investigated)|has to be (?:checked|looked at|fixed|reviewed))\b/i;
const ELLIPTICAL_WORDS = 12;

/** The sentences of a user's message, each elliptical one ({@link ELLIPTICAL}) joined to the statement before it. */
export function withEllipsesJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    if (moreWordsThan(sentence, ELLIPTICAL_WORDS) || !ELLIPTICAL.test(stripOpener(sentence))) continue;
    const previous = sentences[at - 1] as string;
    if (isQuestion(previous)) continue;
    sentences[at - 1] = `${previous} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}
