/**
 * compactkit bench/template: CompactBench's template-v1 YAML format, validated exactly as strictly as
 * template-v1.schema.json, and read into a camelCase `Template` (the name mapping is in template.ts).
 */

export { loadTemplate, loadTemplateFile } from './load-template.js';
export { type LoadedTemplate, loadTemplateDirectory } from './load-template-directory.js';
export { parseTemplate } from './parse-template.js';
export type {
  Difficulty,
  DifficultyMap,
  DifficultyPolicy,
  EvaluationItem,
  Template,
  TemplateGroundTruth,
  TemplateToolCall,
  TemplateTranscript,
  TemplateTurn,
  TemplateTurnRole,
  TemplateVariable,
} from './template.js';
export { templateDifficulties } from './template-difficulties.js';
export {
  ANSWER_FORMATS,
  BLOCK_LANGUAGES,
  BLOCK_SHAPES,
  DIFFICULTIES,
  TEMPLATE_TURN_ROLES,
  type TemplateDocument,
  templateDocumentSchema,
} from './template-document-schema.js';
export { MIN_FILLER_UNIT_TOKENS, TEMPLATE_LIMITS } from './template-limits.js';
