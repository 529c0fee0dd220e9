import { strongestCue } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { onSupersededLine } from './superseded-labels.js';

// An override phrase found in more than about seven passages (rarity below 0.5) is filler, not a change of plan.
const MIN_OVERRIDE_RARITY = 0.5;

/**
 * Whether a passage changes the plan: it holds an override phrase that is not filler, and the notes do not label
 * it superseded (a plan set aside, even by "let's go with X instead", is no change of plan now).
 */
export function isOverride(parsed: ParsedArtifact, passage: Passage): boolean {
  return (
    strongestCue(passage.cues.override, parsed.cueFrequency) >= MIN_OVERRIDE_RARITY &&
    !onSupersededLine(parsed, passage)
  );
}

/** The passages that can be rules or decisions: those with a cue phrase or in a section, in order. */
export function notablePassages(parsed: ParsedArtifact): Passage[] {
  return Array.from(parsed.notablePositions, (position) => parsed.passages[position] as Passage);
}
