/**
 * compactkit: the names a user of the engine, the methods, the benchmark and the store needs, listed one by one so
 * the public surface is a visible decision (test/architecture/public-api.test.ts snapshots it). Building blocks
 * have subpaths: compactkit/compaction, /methods, /bench, /llm, /messages, /tokens, /store, /report, /test,
 * /evaluate, /probes, /sessions, /ai-sdk and /langchain; the last five load only on request, so importing the
 * root stays cheap. Every type of most of those modules is exported here too; types cost nothing at run time.
 */

export type * from './artifact/index.js';
export {
  ARTIFACT_SCHEMA_VERSION,
  compactionArtifactSchema,
  emptyArtifact,
  parseArtifact,
  toCompactBenchJson,
} from './artifact/index.js';
export type * from './bench/index.js';
export {
  artifactRetention,
  buildLeaderboard,
  builtInSuiteNames,
  checkTemplate,
  createLexicalTarget,
  createModelTarget,
  formatLeaderboard,
  generateCase,
  loadSuite,
  loadTemplate,
  parseTemplate,
  QUALIFICATION,
  rankRuns,
  renderArtifact,
  resolveSuite,
  runBench,
  runBenches,
  runFailures,
  SCORER_VERSION,
  scoreRun,
  scoreStoredRun,
  TIER_FLOORS,
} from './bench/index.js';
export type * from './compaction/index.js';
export {
  activeChain,
  appendToLoop,
  CompactionEngine,
  CompactionScope,
  CompactionTrigger,
  ContextTracker,
  compactTranscript,
  createLoopRecord,
  createSession,
  DefaultBlockCompaction,
  DefaultCompaction,
  defineCompactionConfig,
  findPairingProblem,
  hasValidToolPairs,
  repairToolPairs,
  TurnMap,
} from './compaction/index.js';
export type * from './compactors/index.js';
export {
  blockStrategyAsCompactor,
  builtInCompactors,
  builtInMethods,
  compactorAsBlockStrategy,
  findMethod,
  instantiateMethod,
  loadCompactor,
  nullCompactor,
  oracleCompactor,
  resolveMethods,
} from './compactors/index.js';
export {
  CompactionError,
  CompactkitError,
  type CompactkitErrorCode,
  ValidationError,
  type ValidationIssue,
} from './errors.js';
export type * from './evaluate/index.js';
export type * from './llm/index.js';
export {
  createLanguageModel,
  formatModelSpec,
  ProviderError,
  parseModelSpec,
  ReplayMissError,
  StructuredOutputError,
} from './llm/index.js';
export type * from './messages/index.js';
export {
  detectMessageFormat,
  fromAnthropicMessages,
  fromModelMessages,
  fromOpenAIMessages,
  messageSchema,
  parseTranscript,
  readTranscript,
  toAnthropicMessages,
  toModelMessages,
  toOpenAIMessages,
} from './messages/index.js';
export type * from './probes/index.js';
export type { SessionFormat } from './sessions/index.js';
export type * from './store/index.js';
export { defaultStorePath, exportRun, importRun, openStore, StoreError } from './store/index.js';
export type * from './tokens/index.js';
export { countTextTokens, createTokenCounter } from './tokens/index.js';
