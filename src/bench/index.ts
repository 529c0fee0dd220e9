/**
 * compactkit bench: CompactBench. Generate cases from templates, run compaction methods through drift cycles
 * against a target (a model, or the embedded lexical reader), score every response, rank runs. The building
 * blocks (lexicon, filler, cue tables) stay in their folders; this is the surface a user needs.
 */
export {
  ARTIFACT_SCHEMA_VERSION,
  type CompactBenchArtifactJson,
  type CompactionArtifact,
  compactionArtifactSchema,
  emptyArtifact,
  parseArtifact,
  type StructuredState,
  toCompactBenchJson,
} from '../artifact/index.js';
export {
  type AnswerFormat,
  type BenchCase,
  type CaseGroundTruth,
  type CaseItem,
  type CaseOrigin,
  CHECK_KINDS,
  type Check,
  CONSTRAINT_ITEM_TYPES,
  ITEM_WEIGHTS,
  type ItemType,
} from './case/types.js';
export {
  type CaseRequest,
  caseKey,
  checkTemplate,
  DEFAULT_TARGET_TOKENS,
  GENERATOR_VERSION,
  generateCase,
} from './generate/index.js';
export {
  buildLeaderboard,
  formatLeaderboard,
  type LeaderboardEntry,
  type LeaderboardSegment,
} from './leaderboard/index.js';
export { GENERATORS, type VariableGenerator } from './lexicon/index.js';
export { caseSeed, createPrng, type Prng, variableSeed } from './random/index.js';
export { createLexicalTarget, explainLexicalReader } from './reader/index.js';
export {
  type BenchProgress,
  type BenchRunOptions,
  type BenchRunResult,
  DEFAULT_CASE_TIMEOUT_MS,
  type DriftMode,
  type FailureReason,
  type RunBenchesOptions,
  type RunBenchesResult,
  type RunFailures,
  runBench,
  runBenches,
  runFailures,
  runFingerprint,
  type StoredRunScores,
  scoreStoredRun,
} from './runner/index.js';
export {
  artifactRetention,
  classifyMention,
  judgeItem,
  normalizeText,
  QUALIFICATION,
  type Retention,
  type RunScoreInput,
  type RunScores,
  rankRuns,
  SCORER_VERSION,
  scoreRun,
  TIER_FLOORS,
  type Tier,
  type Verdict,
} from './scoring/index.js';
export {
  builtInSuiteNames,
  loadSuite,
  resolveSuite,
  type Suite,
  type SuiteWarning,
  suiteDifficultyWarnings,
} from './suites/index.js';
export {
  buildItemPrompt,
  createModelTarget,
  renderArtifact,
  type Target,
  type TargetAnswer,
} from './target/index.js';
export {
  loadTemplate,
  loadTemplateDirectory,
  parseTemplate,
  TEMPLATE_LIMITS,
  type Template,
  templateDifficulties,
} from './template/index.js';
