/** The only artifact schema version compactkit reads and writes; CompactBench's artifacts carry the same. */
export const ARTIFACT_SCHEMA_VERSION = '1.0.0';

/**
 * What a compaction method keeps of a transcript, sorted into the sections a later reader needs. Each list
 * holds short, self-contained statements; an empty list means the method found nothing of that kind.
 */
export interface StructuredState {
  /** Facts that stay true for the rest of the session: names, numbers, goals, environment details. */
  immutableFacts: string[];
  /** Decisions that are settled and in force, stated as they stand now (after any later override). */
  lockedDecisions: string[];
  /** Work the user postponed on purpose, to pick up later. */
  deferredItems: string[];
  /** Things the agent must not do: rules, prohibitions and superseded plans that must not come back. */
  forbiddenBehaviors: string[];
  /** Open questions and unfinished tasks the session still has to resolve. */
  unresolvedItems: string[];
  /** Each entity (person, file, service, …) by name, mapped to its role or description. */
  entityMap: Record<string, string>;
}

/**
 * The output of one compaction step: a free-text summary plus structured state. JSON compatible with
 * CompactBench's artifact (see `toCompactBenchJson` and `parseArtifact` for its snake_case field names).
 */
export interface CompactionArtifact {
  /** Version of this contract; always `ARTIFACT_SCHEMA_VERSION` ("1.0.0"). */
  schemaVersion: string;
  /** The summary a reader sees first, in prose or notes; may be empty when the state says it all. */
  summaryText: string;
  /** The facts, decisions, rules, tasks and entities the method kept, one section each. */
  structuredState: StructuredState;
  /** Turn numbers (`Message.turn`) of the source turns the method kept verbatim or drew on. */
  selectedSourceTurnIds: number[];
  /** Problems the method met but worked around (a truncated input, a fallback taken), as data. */
  warnings: string[];
  /** Anything else the method wants recorded (model, prompt version, token counts); must be plain JSON. */
  methodMetadata: Record<string, unknown>;
}
