/**
 * compactkit bench/generate: turns a template and a case identity into a BenchCase, deterministically.
 */
export { type BuiltTranscript, buildTranscript, type TranscriptPlan } from './build-transcript.js';
export { checkTemplate } from './check-template.js';
export { checkTemplateBounds, type TemplateLocation } from './check-template-bounds.js';
export { difficultyValues } from './difficulty-values.js';
export { fillDeep, fillPlaceholders } from './fill-placeholders.js';
export { type CaseRequest, caseKey, generateCase } from './generate-case.js';
export { DEFAULT_TARGET_TOKENS, GENERATOR_VERSION } from './generation-defaults.js';
export { checkValues, toCaseItems } from './to-case-items.js';
