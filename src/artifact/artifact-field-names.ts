/** A field's name in compactkit (camelCase) and in CompactBench's JSON (snake_case). */
export type FieldNames = readonly [camelCase: string, snakeCase: string];

/** Top-level artifact fields, in the order CompactBench writes them. */
export const ARTIFACT_FIELD_NAMES: readonly FieldNames[] = [
  ['schemaVersion', 'schema_version'],
  ['summaryText', 'summary_text'],
  ['structuredState', 'structured_state'],
  ['selectedSourceTurnIds', 'selected_source_turn_ids'],
  ['warnings', 'warnings'],
  ['methodMetadata', 'method_metadata'],
];

/** Fields of `structuredState`, in the order CompactBench writes them. */
export const STRUCTURED_STATE_FIELD_NAMES: readonly FieldNames[] = [
  ['immutableFacts', 'immutable_facts'],
  ['lockedDecisions', 'locked_decisions'],
  ['deferredItems', 'deferred_items'],
  ['forbiddenBehaviors', 'forbidden_behaviors'],
  ['entityMap', 'entity_map'],
  ['unresolvedItems', 'unresolved_items'],
];
