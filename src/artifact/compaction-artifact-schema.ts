import { z } from 'zod';
import { ownKeyRecord } from '../validation/own-key-record.js';
import {
  MAX_ARTIFACT_ITEM_CHARACTERS,
  MAX_ARTIFACT_LIST_ITEMS,
  MAX_ENTITY_MAP_ENTRIES,
  MAX_SUMMARY_TEXT_CHARACTERS,
} from './artifact-limits.js';
import { ARTIFACT_SCHEMA_VERSION, type CompactionArtifact } from './compaction-artifact.js';
import { methodMetadataSchema } from './method-metadata-schema.js';

function tooLong(limit: number, constant: string) {
  return (issue: { input?: unknown }) => {
    const length = typeof issue.input === 'string' ? `${issue.input.length} characters` : 'too long';
    return `is ${length}; the limit is ${limit} (${constant})`;
  };
}

function tooMany(limit: number, constant: string) {
  return (count: number | undefined) =>
    `has ${count ?? 'too many'} items; the limit is ${limit} (${constant})`;
}

/** One statement in a list or one side of an entity: non-empty, within the item limit. */
const itemSchema = z
  .string()
  .min(1, { error: 'must not be empty' })
  .max(MAX_ARTIFACT_ITEM_CHARACTERS, {
    error: tooLong(MAX_ARTIFACT_ITEM_CHARACTERS, 'MAX_ARTIFACT_ITEM_CHARACTERS'),
  });

/** A list that may be left out (it then reads as empty), bounded in length. */
function listOf<Item extends z.ZodType>(item: Item) {
  return z
    .array(item)
    .max(MAX_ARTIFACT_LIST_ITEMS, {
      error: (issue) =>
        tooMany(
          MAX_ARTIFACT_LIST_ITEMS,
          'MAX_ARTIFACT_LIST_ITEMS',
        )(Array.isArray(issue.input) ? issue.input.length : undefined),
    })
    .default(() => []);
}

const entityMapSchema = ownKeyRecord(itemSchema, {
  key: itemSchema,
  maxEntries: {
    limit: MAX_ENTITY_MAP_ENTRIES,
    message: (count) =>
      `has ${count} entries; the limit is ${MAX_ENTITY_MAP_ENTRIES} (MAX_ENTITY_MAP_ENTRIES)`,
  },
}).default(() => ({}));

/** `CompactionArtifact.structuredState`; unknown keys are rejected, missing sections read as empty. */
export const structuredStateSchema = z.strictObject({
  immutableFacts: listOf(itemSchema),
  lockedDecisions: listOf(itemSchema),
  deferredItems: listOf(itemSchema),
  forbiddenBehaviors: listOf(itemSchema),
  unresolvedItems: listOf(itemSchema),
  entityMap: entityMapSchema,
});

/**
 * The CompactionArtifact in compactkit's own (camelCase) spelling. Unknown keys are rejected, because a
 * misspelt section would otherwise vanish without a trace; a missing field reads as empty, as CompactBench
 * reads it. `parseArtifact` also accepts CompactBench's snake_case names and is what callers should use.
 */
export const compactionArtifactSchema = z.strictObject({
  schemaVersion: z
    .literal(ARTIFACT_SCHEMA_VERSION, {
      error: (issue) =>
        `unsupported schema version ${JSON.stringify(issue.input)}; compactkit reads "${ARTIFACT_SCHEMA_VERSION}"`,
    })
    .default(ARTIFACT_SCHEMA_VERSION),
  summaryText: z
    .string()
    .max(MAX_SUMMARY_TEXT_CHARACTERS, {
      error: tooLong(MAX_SUMMARY_TEXT_CHARACTERS, 'MAX_SUMMARY_TEXT_CHARACTERS'),
    })
    .default(''),
  structuredState: structuredStateSchema.default(() => structuredStateSchema.parse({})),
  selectedSourceTurnIds: listOf(z.int().min(0)),
  warnings: listOf(itemSchema),
  methodMetadata: methodMetadataSchema.default(() => ({})),
}) satisfies z.ZodType<CompactionArtifact>;
