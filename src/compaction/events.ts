/** Which path compacted: overlays on a session, or the stateless in-memory rewrite. */
export type CompactionMode = 'session' | 'in-memory';

/** Emitted when compaction begins. */
export interface CompactionStarted {
  type: 'compaction-start';
  mode: CompactionMode;
  /** `threshold` when the trigger fired, `forced` when the caller asked. */
  reason: 'threshold' | 'forced';
  tokensBefore: number;
  maxContextTokens: number;
  loopId?: string;
  focus?: string;
}

/** Emitted when compaction finished and the new context was built. */
export interface CompactionEnded {
  type: 'compaction-end';
  mode: CompactionMode;
  tokensBefore: number;
  tokensAfter: number;
  durationMs: number;
  /** False when the result is still over the trigger threshold (counts toward the circuit breaker). */
  effective: boolean;
  warnings: string[];
  loopId?: string;
}

/** Emitted when `beforeCompactionStart` vetoed a compaction. */
export interface CompactionVetoed {
  type: 'compaction-veto';
  mode: CompactionMode;
  tokensBefore: number;
}

/** Emitted when a strategy threw; the uncompacted context is returned instead. */
export interface CompactionFailed {
  type: 'compaction-fail';
  mode: CompactionMode;
  tokensBefore: number;
  error: string;
  consecutiveFailures: number;
}

/** Emitted once when repeated failures open the circuit breaker: compaction stops until reset. */
export interface CompactionCircuitOpened {
  type: 'compaction-circuit-open';
  consecutiveFailures: number;
  lastFailure: string;
}

/** Every event the engine emits. */
export type CompactionEvent =
  | CompactionStarted
  | CompactionEnded
  | CompactionVetoed
  | CompactionFailed
  | CompactionCircuitOpened;
