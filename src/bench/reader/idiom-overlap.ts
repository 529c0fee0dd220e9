import { statedIdioms } from './asked-idioms.js';
import { rarity } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';

/** What a passage stating what the question asks about in other words gains, as a rare word of it would. */
const IDIOM_WEIGHT = 1;

/** Adds to the overlap of every passage that states what the question asks about in other words. */
export function addIdiomOverlap(parsed: ParsedArtifact, prompt: string, overlaps: Float64Array): void {
  for (const stated of statedIdioms(prompt)) {
    const holders = parsed.passages.filter((passage) => stated.test(passage.text));
    const weight = IDIOM_WEIGHT * rarity(holders.length);
    for (const passage of holders)
      overlaps[passage.position] = (overlaps[passage.position] as number) + weight;
  }
}
