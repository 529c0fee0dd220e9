/** The four probe types of seed 004. */
export type ProbeType = 'recall' | 'artifact' | 'continuation' | 'decision';

/** Every probe type, in the seed's order. */
export const PROBE_TYPES: readonly ProbeType[] = ['recall', 'artifact', 'continuation', 'decision'];

/** What a probe's answer is checked against: the truth, and where in the history it was drawn from. */
export interface GroundTruth {
  /** The expected answer as a sentence or list a judge can read. */
  text: string;
  /** The short facts a good answer must contain (paths, an error line, a command, a version). */
  facts: string[];
  /** Ids of the messages the truth was drawn from. */
  messageIds: string[];
}

/** One question about history that a compaction removed. */
export interface Probe {
  /** Stable within a point: `recall-1`, `artifact-2`, … */
  id: string;
  type: ProbeType;
  question: string;
  groundTruth: GroundTruth;
  /** Ids of the rubric criteria the judge scores this probe on. */
  criteria: string[];
  /** How the probe was found: `deterministic` or `model`. */
  source: 'deterministic' | 'model';
}
