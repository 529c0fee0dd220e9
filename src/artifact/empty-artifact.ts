import { ARTIFACT_SCHEMA_VERSION, type CompactionArtifact } from './compaction-artifact.js';

/**
 * A new artifact with nothing in it: the output of the `null` control, and a starting point for methods.
 * @example
 * const artifact = { ...emptyArtifact(), summaryText: 'Deploy freeze until Friday.' };
 */
export function emptyArtifact(): CompactionArtifact {
  return {
    schemaVersion: ARTIFACT_SCHEMA_VERSION,
    summaryText: '',
    structuredState: {
      immutableFacts: [],
      lockedDecisions: [],
      deferredItems: [],
      forbiddenBehaviors: [],
      unresolvedItems: [],
      entityMap: {},
    },
    selectedSourceTurnIds: [],
    warnings: [],
    methodMetadata: {},
  };
}
