// Front doors: `CompactionEngine` (an agent's loop) and `compactTranscript` (one-off). The rest are building blocks.
export { type AssembleBlockOptions, assembleBlock } from './assemble-block.js';
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
export {
  type CompactedTranscript,
  type CompactionReport,
  type CompactTranscriptOptions,
  compactTranscript,
} from './compact-transcript.js';
export { type CompactedTurn, type CompactTurnStepsOptions, compactTurnSteps } from './compact-turn-steps.js';
export {
  type AfterCompactionInfo,
  type BeforeCompactionInfo,
  CompactionEngine,
  type CompactionEngineOptions,
  type PreparedContext,
  type PrepareOptions,
} from './compaction-engine.js';
export { defineCompactionConfig } from './config.js';
export { ContextTracker, type ContextTrackerOptions, type ProviderUsage } from './context-tracker.js';
export { type CountFixedTokensOptions, countFixedTokens } from './count-fixed-tokens.js';
export { type CutTextOptions, cutTextToTokens } from './cut-text-to-tokens.js';
export { DefaultBlockCompaction } from './default-block-compaction.js';
export { DefaultCompaction } from './default-compaction.js';
export { digestStep } from './digest-step.js';
export type {
  CompactionCircuitOpened,
  CompactionEnded,
  CompactionEvent,
  CompactionFailed,
  CompactionMode,
  CompactionStarted,
  CompactionVetoed,
} from './events.js';
export { findPairingProblem, type PairingProblem } from './find-pairing-problem.js';
export {
  checkPinsFit,
  type FindPinnedOptions,
  findPinned,
  isPinsOverBudgetError,
  PINNED_FILE_ID_PREFIX,
  type PinnedMessage,
  pinnedFileMessages,
} from './find-pinned.js';
export { type FitRecentTurnsOptions, type FittedRecent, fitRecentTurns } from './fit-recent-turns.js';
export { formatTurns } from './format-turns.js';
export { digestKeySentences, isKeySentence } from './key-sentences.js';
export { loadLoop } from './load-loop.js';
export {
  hasValidToolPairs,
  MISSING_RESULT_TEXT,
  type RepairResult,
  repairToolPairs,
} from './repair-tool-pairs.js';
export { estimateLoopTokens, type ResolveScopeOptions, resolveScope } from './resolve-scope.js';
export { appendToLoop, createLoopRecord, createSession } from './session.js';
export { activeChain } from './session-chain.js';
export { type Step, splitSteps, type TurnSteps } from './split-steps.js';
export { isDirectiveSentence, statesRule } from './states-rule.js';
export { describeCall } from './summarize-turn.js';
export { SUMMARY_ID_PREFIX } from './summary-id.js';
export {
  CompactionTrigger,
  shouldCompact,
  type TriggerDecision,
  type TriggerReason,
  type TriggerState,
} from './trigger.js';
export { truncateToolOutput, truncateToolOutputs } from './truncate-tool-output.js';
export { TurnMap } from './turn-map.js';
export { middleOf, turnRange, turnRangesOverlap } from './turn-range.js';
export {
  type BlockCompactInput,
  type BlockCompactionStrategy,
  type BlockSectionInput,
  type CompactedSection,
  type CompactionBlock,
  type CompactionConfig,
  CompactionScope,
  type CompactionStrategy,
  type CompactionStrategyInput,
  type LoopRecord,
  type PinnedFile,
  type PinOptions,
  type Session,
  type StrategyContext,
  type ToolDefinition,
  type TurnIndex,
  type TurnRange,
} from './types.js';
export { validateBlock } from './validate-block.js';
