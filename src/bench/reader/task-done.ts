import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import { contentStems } from './content-words.js';
import { withoutHeader } from './tool-exchanges.js';

// How people say a piece of work needs no doing any more: someone did it ("Ana already replied to them",
// "the key has been rotated", "that's taken care of"), something else brought it along ("the index came with
// the migration", "already in place"), or it stopped mattering ("no need to bother with the
// Windows build", "not needed any more"). Not after "when", "once", "if" and the like: "send it over when it's
// done" says nothing is done yet.
const DONE =
  /(?<!\b(?:when|once|after|until|till|before|if|unless|whether|as soon as)\b[^.;!?]{0,30})\b(?:already\s+(?:been\s+)?(?:\w+ed|done|did|sent|sorted|made|wrote|written|ran|run|took|taken|set up|paid|shipped|built|out)\b|(?:has|have|had)\s+been\s+\w+(?:ed|en)\b|(?:is|are|was|were|got|'s)\s+(?:all\s+)?(?:done|finished|complete|completed|sorted|handled|resolved|closed|merged|shipped|fixed|taken care of|dealt with|wrapped up)\b|taken care of|took care of|sorted out|(?:no|don'?t|doesn'?t|won'?t)\s+need(?:s)?\s+to|no need for|not needed|no longer needed|isn'?t needed|aren'?t needed|moot|(?:checked|ticked|crossed) off|came (?:in )?with|(?:was|were|got) (?:included|bundled) (?:in|with)|already in place|already exists?)/i;

/** Whether a sentence says some work is done or no longer needed ("already replied", "taken care of"). */
export function saysWorkDone(sentence: string): boolean {
  return DONE.test(sentence);
}

const POINTS_BACK = /^(?:that|this|it|they|those|these)\b/i;

/**
 * Whether the sentence of a passage that mentions `fragment` (words of an action, as `normalizeText` writes
 * them) says that work is done or no longer needed; another sentence may be about other work.
 */
export function saysDone(text: string, fragment: string): boolean {
  if (!DONE.test(text)) return false;
  const needle = normalizeText(fragment);
  const sentences = text.split(/(?<=[.!?])\s+/);
  return sentences.some((sentence, index) => {
    if (findWholeWords(normalizeText(sentence), needle, 1).length === 0) return false;
    // "The staging certificate? That's taken care of.": the next sentence may speak of it as "that" or "it".
    const next = sentences[index + 1];
    return DONE.test(sentence) || (next !== undefined && POINTS_BACK.test(next) && DONE.test(next));
  });
}

/**
 * A report's text from the sentence that names the work on ("Separately, standup moved. INFRA-4247 got closed
 * as a dupe." gives "INFRA-4247 got closed as a dupe."): quoted as the reason not to do the work, the sentences
 * before it are about something else. A sentence names the work by a content word of it other than its verb.
 * The whole text when no sentence after the first does.
 */
export function fromSentenceNaming(text: string, work: string): string {
  const words = new Set(contentStems(work).slice(1));
  const sentences = withoutHeader(text).split(/(?<=[.!?])\s+/);
  const first = sentences.findIndex((sentence) => contentStems(sentence).some((stem) => words.has(stem)));
  return first <= 0 ? text : sentences.slice(first).join(' ');
}
