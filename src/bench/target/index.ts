/**
 * compactkit bench/target: what answers the benchmark's evaluation items from a compaction artifact: the
 * Target contract and model targets with fenced prompts. The offline lexical reader lives in bench/reader.
 */
export { type ArtifactSectionName, sectionOfHeading } from '../../artifact/artifact-sections.js';
export { renderArtifact } from '../../artifact/render-artifact.js';
export { createModelTarget } from './create-model-target.js';
export { fenceNotes, NOTES_CLOSE, NOTES_OPEN } from './fence-notes.js';
export { buildItemPrompt, buildReplyPrompt, type TargetPrompt } from './item-prompt.js';
export type { Target, TargetAnswer, TargetCallOptions, TargetEvidence } from './target.js';
