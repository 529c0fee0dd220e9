export { checkVariableSpecs, drawVariables, type VariableSpec } from './draw-variables.js';
export { findGenerator, GENERATOR_NAMES, GENERATORS, type GeneratorName } from './generators.js';
export { containsNormalized, containsWholeWords, normalizeMatchText } from './normalize-match-text.js';
export type { VariableGenerator } from './variable-generator.js';
