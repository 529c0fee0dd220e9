/**
 * Size limits of a CompactionArtifact. They are far above anything a useful artifact needs, and exist so
 * that a runaway method (a loop that appends forever, a whole transcript pasted into one fact) fails its case
 * with a clear error instead of exhausting memory or the store. Lengths are JavaScript string lengths
 * (UTF-16 code units), which are cheap to measure and the same on every machine.
 */

/**
 * Longest `summaryText`, in characters: room for the `oracle` control's verbatim copy of an elite case
 * (about 100,000 tokens, 450,000 characters) with its drift-cycle turns.
 */
export const MAX_SUMMARY_TEXT_CHARACTERS = 2_000_000;

/**
 * Most items in any one list: each list of `structuredState`, `selectedSourceTurnIds` and `warnings`.
 */
export const MAX_ARTIFACT_LIST_ITEMS = 2_000;

/** Longest single string in a list, and longest entity name or description in `entityMap`, in characters. */
export const MAX_ARTIFACT_ITEM_CHARACTERS = 10_000;

/** Most entries in `structuredState.entityMap`. */
export const MAX_ENTITY_MAP_ENTRIES = 2_000;

/** Longest `methodMetadata` once written as JSON, in characters. */
export const MAX_METHOD_METADATA_CHARACTERS = 100_000;

/** Deepest nesting of objects and arrays inside `methodMetadata`. */
export const MAX_METHOD_METADATA_DEPTH = 32;
