/**
 * compactkit bench/reader: the lexical reader, a deterministic offline program (not a language model) that
 * answers the benchmark's items from an artifact's text. It is the measuring instrument of offline runs, so it
 * lives apart from the compaction methods it measures.
 */
export { DECISION_CUES, ENTITY_CUES, FACT_CUES, OVERRIDE_CUES, RULE_CUES, TASK_CUES } from './cue-lexicon.js';
export { createLexicalTarget, explainLexicalReader, LEXICAL_READER_VERSION } from './lexical-reader.js';
