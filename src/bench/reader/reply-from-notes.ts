import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, matchMasks, overlapScores } from './query-weights.js';

/** The lexical reader's reply when no passage is about the user's turn. */
export const NOTHING_ON_THIS = 'Picking this up; the notes have nothing on this yet.';

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest >>>= 1) count += rest & 1;
  return count;
}

function bestPassage(
  parsed: ParsedArtifact,
  score: (passage: Passage) => number,
  minimum: number,
  exclude?: Passage,
): Passage | undefined {
  let best: { passage: Passage; score: number } | undefined;
  for (const passage of parsed.passages) {
    if (passage === exclude) continue;
    const value = score(passage);
    // `>=` so the later passage wins a tie: the notes' newest word on the subject.
    if (value >= minimum && (best === undefined || value >= best.score)) best = { passage, score: value };
  }
  return best?.passage;
}

/**
 * The lexical reader's reply to a drift-cycle user turn: the passage sharing the most content words with the
 * turn, plus the most relevant rule or decision if there is one; at most two passages.
 */
export function replyFromNotes(parsed: ParsedArtifact, userTurn: string): string {
  const stems = contentStems(userTurn);
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  // One shared word is chance in a long turn; ask for two when the turn has two content words to share.
  const minimum = Math.min(2, query.weights.length);
  if (minimum === 0) return NOTHING_ON_THIS;
  const masks = matchMasks(parsed, query);
  const overlaps = overlapScores(parsed, query, masks);
  const sharedWords = (passage: Passage) => bitCount(masks[passage.position] as number);
  const main = bestPassage(
    parsed,
    (passage) => (sharedWords(passage) >= minimum ? (overlaps[passage.position] as number) : 0),
    Number.MIN_VALUE,
  );
  if (main === undefined) return NOTHING_ON_THIS;
  const binding = bestPassage(
    parsed,
    (passage) => {
      const isBinding =
        passage.section === 'Forbidden behaviors' ||
        passage.section === 'Locked decisions' ||
        passage.cues.rule.length > 0;
      return isBinding ? (overlaps[passage.position] as number) : 0;
    },
    Number.MIN_VALUE,
    main,
  );
  const passages = binding === undefined ? [main] : [main, binding].sort((a, b) => a.position - b.position);
  return `Picking this up from the notes: ${passages.map((passage) => passage.text).join(' ')}`;
}
