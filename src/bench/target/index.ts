/**
 * compactkit bench/target: what answers the benchmark's evaluation items from a compaction artifact: the
 * rendered artifact text, the deterministic lexical reader, and model targets with fenced prompts.
 */
export { type ArtifactSectionName, sectionOfHeading } from './artifact-sections.js';
export { createModelTarget } from './create-model-target.js';
export { DECISION_CUES, ENTITY_CUES, FACT_CUES, OVERRIDE_CUES, RULE_CUES, TASK_CUES } from './cue-lexicon.js';
export { fenceNotes, NOTES_CLOSE, NOTES_OPEN } from './fence-notes.js';
export { buildItemPrompt, buildReplyPrompt, type TargetPrompt } from './item-prompt.js';
export { createLexicalTarget, explainLexicalReader, LEXICAL_READER_VERSION } from './lexical-reader.js';
export { renderArtifact } from './render-artifact.js';
export type { Target, TargetAnswer, TargetCallOptions, TargetEvidence } from './target.js';
