/**
 * Probe-based evaluation of agent sessions (seed 004): compaction points, probe extraction, the rubric, answerers,
 * the judge and aggregation.
 */
export { DEFAULT_RUBRIC } from './default-rubric.js';
export { type ExtractProbesOptions, extractProbes } from './extract-probes.js';
export { criterionDimensions, parseRubric } from './parse-rubric.js';
export { PROBE_CRITERIA } from './probe-criteria.js';
export { type GroundTruth, PROBE_TYPES, type Probe, type ProbeType } from './probe-types.js';
export type { LocalizedText, Rubric, RubricCriterion, RubricDimension } from './rubric-types.js';
export {
  type CommandRun,
  type FileOperation,
  type PlanSnapshot,
  readToolActivity,
  type ToolActivity,
} from './tool-activity.js';
