import type { ArtifactSectionName } from '../../artifact/artifact-sections.js';
import type { CaseItem } from '../case/types.js';

/** A passage of the artifact text an answer relied on. */
export interface TargetEvidence {
  /** 1-based line of the artifact text the passage is on. */
  line: number;
  /** The section the line sits in (`Summary` before any heading). */
  section: ArtifactSectionName;
  /** The passage itself. */
  text: string;
}

/** A target's answer to one evaluation item. */
export interface TargetAnswer {
  /** The answer, as scored. */
  response: string;
  /**
   * Exactly what was put to the target, for the audit store; for a reader that is no model, a readable
   * description of the task that includes the item prompt.
   */
  prompt: string;
  /** The passages the answer came from; empty when the target cannot say (a model). */
  evidence: TargetEvidence[];
}

/** Options of one target call. */
export interface TargetCallOptions {
  /** Cancels the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * What answers the benchmark's evaluation items, seeing only the rendered artifact, never the transcript:
 * a deterministic reader or a language model.
 */
export interface Target {
  /** Stable id, stamped on every result: `lexical`, or the model id. */
  readonly id: string;
  /** `reader` for offline deterministic readers, `model` for language models. */
  readonly kind: 'reader' | 'model';
  /** Changes whenever the target would answer any item differently. */
  readonly version: string;
  /** Answers one item from the artifact text alone. */
  answer(input: { artifactText: string; item: CaseItem }, options?: TargetCallOptions): Promise<TargetAnswer>;
  /** Writes the assistant's reply to a drift-cycle user turn, from the artifact text alone. */
  reply(input: { artifactText: string; userTurn: string }, options?: TargetCallOptions): Promise<string>;
}
