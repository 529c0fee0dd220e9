/**
 * compactkit artifact: the CompactionArtifact every compaction method returns, its zod schema with
 * size limits, and reading and writing CompactBench's snake_case JSON form.
 */
export {
  MAX_ARTIFACT_ITEM_CHARACTERS,
  MAX_ARTIFACT_LIST_ITEMS,
  MAX_ENTITY_MAP_ENTRIES,
  MAX_METHOD_METADATA_CHARACTERS,
  MAX_METHOD_METADATA_DEPTH,
  MAX_SUMMARY_TEXT_CHARACTERS,
} from './artifact-limits.js';
export {
  ARTIFACT_SCHEMA_VERSION,
  type CompactionArtifact,
  type StructuredState,
} from './compaction-artifact.js';
export { compactionArtifactSchema, structuredStateSchema } from './compaction-artifact-schema.js';
export { emptyArtifact } from './empty-artifact.js';
export { parseArtifact } from './parse-artifact.js';
export { type CompactBenchArtifactJson, toCompactBenchJson } from './to-compact-bench-json.js';
