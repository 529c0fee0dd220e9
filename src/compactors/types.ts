import type { CompactionArtifact } from '../artifact/compaction-artifact.js';
import type { LanguageModel } from '../llm/types.js';
import type { Message } from '../messages/types.js';

/** What a compactor is given: the messages to compact and, from the second compaction on, its last artifact. */
export interface CompactorInput {
  /**
   * The messages: the whole transcript on the first call; in a drift cycle only the turns added since
   * `previousArtifact` (or the whole history again when the benchmark runs with `--drift-mode full`).
   */
  transcript: Message[];
  /** The artifact this compactor returned last time, which the new one must carry forward. */
  previousArtifact?: CompactionArtifact;
  /** The most tokens the rendered artifact should take, when the caller sets a budget. */
  budgetTokens?: number;
}

/** What a compactor may use besides its input. */
export interface CompactorContext {
  /** The language model of an LLM-based method; absent for deterministic runs. */
  model?: LanguageModel;
  signal?: AbortSignal;
}

/**
 * A compaction method: turns messages into a CompactionArtifact. Structural: an object with these members is
 * a compactor; nothing to subclass. `name` and `version` stamp every result the method produces.
 */
export interface Compactor {
  readonly name: string;
  readonly version: string;
  /** One line for `bench methods` and reports. */
  readonly description?: string;
  /** True when `compact` needs `context.model`. */
  readonly needsModel?: boolean;
  /** True when the same input always gives the same artifact. */
  readonly deterministic?: boolean;
  /** The options it was built with (see `instantiateMethod`); a benchmark run records them in its fingerprint. */
  readonly config?: Readonly<Record<string, unknown>>;
  compact(input: CompactorInput, context: CompactorContext): Promise<CompactionArtifact>;
}
