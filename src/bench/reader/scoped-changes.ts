import { contentStems } from './content-words.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import type { PassageScores } from './question-scores.js';

// "The other call is unchanged", "everything else stays as it is", "the rest stands": a change scoped to what
// it names.
const KEEPS_THE_REST =
  /\b(?:the other (?:call|decision|choice|plans?|points?|ones?|things?)|everything else|the rest|all else|anything else)\b[^.;!?]{0,30}?\b(?:(?:is|are|stays?|remains?) (?:unchanged|the same|as (?:is|it is|they are|before|planned|agreed))|stands?|holds?|unchanged)\b/i;

/**
 * For a question, which later changes of plan leave the asked-about plan alone: a change that says it keeps the
 * rest ("change of plan on the date: …; the other call is unchanged") changes only what it names, so it is not
 * the current answer unless it holds a word of the question or the kind of value asked for.
 */
export function scopedElsewhere(
  parsed: ParsedArtifact,
  { shaped }: PassageScores,
  prompt: string,
): (passage: Passage) => boolean {
  const asked = new Set<number>();
  for (const stem of contentStems(prompt)) {
    const id = stemIdIn(parsed, stem);
    if (id !== undefined) asked.add(id);
  }
  const { stemIds, stemStarts } = parsed;
  const holdsAsked = (position: number) => {
    for (let at = stemStarts[position] as number; at < (stemStarts[position + 1] as number); at++)
      if (asked.has(stemIds[at] as number)) return true;
    return false;
  };
  return (passage) =>
    KEEPS_THE_REST.test(passage.text) &&
    !holdsAsked(passage.position) &&
    (shaped === undefined || shaped.bonus[passage.position] === 0);
}
