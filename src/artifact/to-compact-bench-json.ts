import type { CompactionArtifact } from './compaction-artifact.js';
import { parseArtifact } from './parse-artifact.js';

/** A CompactionArtifact in CompactBench's JSON spelling (snake_case, CompactBench's field order). */
export interface CompactBenchArtifactJson {
  schema_version: string;
  summary_text: string;
  structured_state: {
    immutable_facts: string[];
    locked_decisions: string[];
    deferred_items: string[];
    forbidden_behaviors: string[];
    entity_map: Record<string, string>;
    unresolved_items: string[];
  };
  selected_source_turn_ids: number[];
  warnings: string[];
  method_metadata: Record<string, unknown>;
}

/**
 * Writes an artifact with CompactBench's field names, ready for `JSON.stringify`; `parseArtifact` reads it
 * back to an equal artifact. The artifact is checked first, so nothing is written that compactkit would
 * refuse to read. (CompactBench's own limits are tighter than ours, e.g. 8,000 characters of summary.)
 * @throws ValidationError when the artifact breaks the schema or its limits.
 */
export function toCompactBenchJson(artifact: CompactionArtifact): CompactBenchArtifactJson {
  const checked = parseArtifact(artifact);
  const state = checked.structuredState;
  return {
    schema_version: checked.schemaVersion,
    summary_text: checked.summaryText,
    structured_state: {
      immutable_facts: state.immutableFacts,
      locked_decisions: state.lockedDecisions,
      deferred_items: state.deferredItems,
      forbidden_behaviors: state.forbiddenBehaviors,
      entity_map: state.entityMap,
      unresolved_items: state.unresolvedItems,
    },
    selected_source_turn_ids: checked.selectedSourceTurnIds,
    warnings: checked.warnings,
    method_metadata: checked.methodMetadata,
  };
}
