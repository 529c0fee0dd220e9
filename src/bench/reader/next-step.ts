import { classifyMention } from '../scoring/mentions.js';
import { contentStems } from './content-words.js';
import { isOverride, notablePassages } from './notable-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { buildQueryWeights, overlapScores } from './query-weights.js';
import { onSupersededLine } from './superseded-labels.js';
import { toolExchanges } from './tool-exchanges.js';

/** What to do instead: the locked decision closest to the item, else the newest decision or override about it. */
export function findNextStep(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  reason: Passage,
  changed: boolean,
): Passage | undefined {
  const query = buildQueryWeights([{ stems: contentStems(prompt), weight: 1 }]);
  const overlaps = overlapScores(parsed, query);
  const candidates: { passage: Passage; score: number }[] = [];
  const { inOutput } = toolExchanges(parsed);
  for (const passage of notablePassages(parsed)) {
    // A question ("what is the plan for them?") asks for a step; it is none. A tool's output ("Use `list`
    // in place of `List`") decides nothing.
    // A note labelled superseded is the step not to take.
    if (
      passage === reason ||
      passage.text.includes('?') ||
      inOutput[passage.position] === 1 ||
      onSupersededLine(parsed, passage)
    )
      continue;
    const locked = passage.section === 'Locked decisions';
    // After a change of plan, a decision read from prose before it may be the plan it changed.
    if (changed && !locked && passage.position < reason.position) continue;
    const overlap = overlaps[passage.position] as number;
    const isDecision = isOverride(parsed, passage) || (passage.cues.decision.length > 0 && overlap > 0);
    if (!locked && !isDecision) continue;
    // Locked decisions outrank decisions read from prose; later passages win ties.
    candidates.push({ passage, score: (locked ? 100 : 0) + overlap });
  }
  // Best first (the later passage on a tie), so that only the passages ranked above the answer are read for
  // how they treat the action: one usually, where a pass in reading order would read every candidate that
  // scored as high as the best so far (all of them, in a long list of locked decisions).
  candidates.sort((a, b) => b.score - a.score || b.passage.position - a.passage.position);
  return candidates.find(({ passage }) => classifyMention(passage.text, action) !== 'affirmed')?.passage;
}
