export {
  type BuildContextOptions,
  type BuiltContext,
  buildContextFromSession,
} from './build-context-from-session.js';
export { type CompactionLevel, type CompactMessagesResult, compactMessages } from './compact-messages.js';
export {
  type CompactSessionLoopsOptions,
  type CompactSessionLoopsResult,
  compactSessionLoops,
} from './compact-session-loops.js';
export { type CompactedTranscript, type CompactionReport, compactTranscript } from './compact-transcript.js';
export {
  type AfterCompactionInfo,
  type BeforeCompactionInfo,
  CompactionEngine,
  type CompactionEngineOptions,
  type PreparedContext,
  type PrepareOptions,
} from './compaction-engine.js';
export { type CompactionConfig, defineCompactionConfig } from './config.js';
export { ContextTracker, type ProviderUsage } from './context-tracker.js';
export { assembleBlock, DefaultBlockCompaction } from './default-block-compaction.js';
export { DefaultCompaction } from './default-compaction.js';
export type {
  CompactionCircuitOpened,
  CompactionEnded,
  CompactionEvent,
  CompactionFailed,
  CompactionMode,
  CompactionStarted,
  CompactionVetoed,
} from './events.js';
export { digestKeySentences, isKeySentence } from './key-sentences.js';
export { loadLoop } from './load-loop.js';
export {
  hasValidToolPairs,
  MISSING_RESULT_TEXT,
  type RepairResult,
  repairToolPairs,
} from './repair-tool-pairs.js';
export { estimateLoopTokens, resolveScope } from './resolve-scope.js';
export { appendToLoop, createLoopRecord, createSession } from './session.js';
export { activeChain } from './session-chain.js';
export { SUMMARY_ID_PREFIX } from './summarize-section.js';
export { describeCall } from './summarize-turn.js';
export { formatTurns } from './summarize-within-budget.js';
export {
  CompactionTrigger,
  shouldCompact,
  type TriggerDecision,
  type TriggerReason,
  type TriggerState,
} from './trigger.js';
export { truncateToolOutput, truncateToolOutputs } from './truncate-tool-output.js';
export { TurnMap } from './turn-map.js';
export { type TurnRange, turnRange } from './turn-range.js';
export {
  type BlockCompactionStrategy,
  type BlockSectionInput,
  type CompactedSection,
  type CompactionBlock,
  CompactionScope,
  type CompactionStrategy,
  type LoopRecord,
  type Session,
  type StrategyContext,
} from './types.js';
export { validateBlock } from './validate-block.js';
