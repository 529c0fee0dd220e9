import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';

// The contracts of the engine. This file imports nothing from the rest of src/compaction: implementations import
// it, never the other way round.

/** An inclusive range of turn indices within one loop (`startTurn` <= `endTurn`). */
export interface TurnRange {
  startTurn: number;
  endTurn: number;
}

/** What a strategy may ask of a loop's turn index (implemented by `TurnMap`). */
export interface TurnIndex {
  /** Number of turn groups. */
  turnCount(): number;
  /** Message index range `[start, end)` of one turn, or undefined when the turn does not exist. */
  turnMsgRange(turnIndex: number): [number, number] | undefined;
  /** The slice of `allMessages` that belongs to an inclusive turn range (clamped to existing turns). */
  messagesForRange<T>(range: TurnRange, allMessages: readonly T[]): T[];
  /** Message index bounds `[start, end)` of an inclusive turn range, clamped; undefined when empty. */
  messageBounds(range: TurnRange): [number, number] | undefined;
}

/** A file whose text is put back into the context after every compaction (e.g. AGENTS.md, CLAUDE.md). */
export interface PinnedFile {
  /** The name shown to the model, e.g. `AGENTS.md`; also the path read when `text` is absent. */
  path: string;
  /** The file's text; when absent the file is read from `path` at each compaction, so edits are picked up. */
  text?: string;
}

/**
 * What every compaction keeps verbatim, besides what the engine always pins (system messages and the first user
 * request of the running loop). Pins count against the budget.
 */
export interface PinOptions {
  /** False turns off the built-in pins (system messages, the first request, rules); default true. */
  builtIn?: boolean;
  /** Ids of messages to pin. A pinned tool call or result pins its whole step (the call and all its results). */
  messageIds?: readonly string[];
  /** Pins every message it returns true for. */
  predicate?: (message: Message) => boolean;
  /**
   * Decides which user messages state rules for the agent. Absent: the built-in detector (`statesRule`), which is
   * conservative; `false`: no user message is pinned as a rule.
   */
  isRule?: ((message: Message) => boolean) | false;
  /** Files re-injected after every compaction, right before the engine's summary. */
  files?: readonly PinnedFile[];
}

/** How many earlier loops on the active chain are compacted and loaded. */
export type CompactionScope = { kind: 'fixed-count'; count: number } | { kind: 'token-budget' };

/** Scope factories named after the seed's variants. */
export const CompactionScope = {
  /** Compact a fixed number of earlier loops on the active chain. */
  fixedCount(count: number): CompactionScope {
    return { kind: 'fixed-count', count };
  },
  /** Walk back accumulating per-loop token estimates until the context budget would be exceeded. */
  tokenBudget(): CompactionScope {
    return { kind: 'token-budget' };
  },
} as const;

/** Full compaction policy: when to compact and how. `defineCompactionConfig` fills in the seed's defaults. */
export interface CompactionConfig {
  // When to compact.
  /** Fraction of maxContextTokens at which headroom is measured. Default 0.90. */
  compactAtPct: number;
  /** Compaction fires once headroom below `compactAtPct` is smaller than this fraction. Default 0.05. */
  compactBudgetThresholdPct: number;
  /** How many earlier loops to compact and load. Default FixedCount(3). */
  compactionScope: CompactionScope;
  // How to compact.
  /** Turns kept verbatim from the start of the most recent loop. Default 2. */
  keepFirstTurns: number;
  /**
   * Turns kept from the end (whole turns, so tool pairs stay together). Default 10. When a compaction must drop
   * content, more turns are kept until the result uses half of the budget (the floor), and fewer when they do
   * not fit; a last turn too big for the budget is compacted step by step.
   */
  keepRecentTurns: number;
  /** Token budget of the summarised middle section. Default 2,000. */
  maxSummaryTokens: number;
  /** Max lines per tool output in the recent section. Default 50. */
  toolOutputMaxLines: number;
  /** Max characters per tool output in the recent section (a 1 MB single line is not "one line"). Default 8,000. */
  toolOutputMaxChars: number;
  /** A user message in the middle up to this many tokens is kept verbatim, longer ones are digested. Default 300. */
  userMessageVerbatimTokens: number;
  /** After a compaction, usage must grow by this fraction of maxContextTokens before it fires again. Default 0.05. */
  hysteresisPct: number;
  /** Consecutive failed or ineffective compactions before the trigger stops firing. Default 3. */
  maxConsecutiveFailures: number;
  /** What every compaction keeps verbatim (see PinOptions). Default: the built-in pins only. */
  pins: PinOptions;
  /** Strategy for the stateless path (no session). Default DefaultCompaction. */
  inMemoryStrategy: CompactionStrategy;
  /** Strategy for the session path (overlays on loop records). Default DefaultBlockCompaction. */
  blockStrategy: BlockCompactionStrategy;
}

/** A turn range plus the messages that replace it in context. */
export interface CompactedSection {
  range: TurnRange;
  messages: Message[];
  /** What the section had to leave out, said in words (carried into the block's warnings). */
  warnings?: string[];
  /** Turns whose content the section left out for its budget, by kind. */
  omitted?: { activityTurns: number[]; instructionTurns: number[] };
}

/**
 * A non-destructive overlay stored on a LoopRecord beside its original messages.
 * When present, the context loader uses it instead of the raw messages.
 */
export interface CompactionBlock {
  /** Turns kept verbatim from the start; only for the most recent loop. Loaded from the originals. */
  keepFirst?: TurnRange;
  /** Summarised section: the middle for the most recent loop, the whole loop for older loops. */
  keepCompacted?: CompactedSection;
  /** Recent turns with truncated tool outputs (the last one compacted step by step when too big). */
  keepRecent?: CompactedSection;
  /** ISO-8601 time the block was made. */
  createdAt: string;
  /** Number of original messages the block was made from; messages appended later load raw after it. */
  coveredMessages: number;
  /** Anything the strategy wants to say about what it did (budget overflow, omitted turns). */
  warnings?: string[];
}

/** One agent loop: its untouched original messages and, once compacted, the overlay. */
export interface LoopRecord {
  id: string;
  /** The loop this one continues; undefined for a root loop. */
  parentId?: string;
  /** The original messages. Compaction never rewrites them. */
  readonly messages: readonly Message[];
  compaction?: CompactionBlock;
}

/** A session: loop records chained by `parentId`. Order in the array does not matter. */
export interface Session {
  id: string;
  loops: LoopRecord[];
}

/** What a strategy is told besides the messages and config. */
export interface StrategyContext {
  /** Exact token counter to measure what the strategy produces. */
  counter: TokenCounter;
  /** Target size for the compacted context, in tokens (the system prompt and tool definitions already taken off). */
  budgetTokens: number;
  /** A hint of what matters now (e.g. from a user's `/compact focus on the auth bug`). */
  focus?: string;
  signal?: AbortSignal;
  /** Clock for `createdAt`; injectable so tests and benchmarks are reproducible. */
  now?: () => Date;
}

/** Input of a legacy strategy's `compact`. */
export interface CompactionStrategyInput {
  messages: readonly Message[];
  config: CompactionConfig;
  context: StrategyContext;
}

/** The legacy in-memory strategy: takes messages, returns a compacted copy. */
export interface CompactionStrategy {
  compact(input: CompactionStrategyInput): Message[] | Promise<Message[]>;
}

/** Arguments every block-strategy section method receives. */
export interface BlockSectionInput {
  record: LoopRecord;
  turnMap: TurnIndex;
  config: CompactionConfig;
  context: StrategyContext;
  /** Messages the engine keeps verbatim whatever the sections do (see `findPinned`); summaries may skip them. */
  pinned?: ReadonlySet<Message>;
}

/** Input of a block strategy's `compact`. */
export interface BlockCompactInput {
  record: LoopRecord;
  config: CompactionConfig;
  /** True for the loop being worked on (all three sections), false for an earlier loop (a whole-loop summary). */
  isMostRecent: boolean;
  context: StrategyContext;
}

/**
 * The modern strategy: builds non-destructive overlays. Every method may be async so an LLM summariser
 * can implement it; `compact` assembles a block from the three section methods (see `assembleBlock`).
 */
export interface BlockCompactionStrategy {
  keepFirst(input: BlockSectionInput): TurnRange | undefined | Promise<TurnRange | undefined>;
  keepRecent(input: BlockSectionInput): CompactedSection | undefined | Promise<CompactedSection | undefined>;
  keepCompacted(
    input: BlockSectionInput & { isMostRecent: boolean; exclude: readonly TurnRange[] },
  ): CompactedSection | undefined | Promise<CompactedSection | undefined>;
  compact(input: BlockCompactInput): Promise<CompactionBlock>;
}

/** A tool the model is offered, as its definition is sent: the JSON schema of its input counts against the budget. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON schema of the tool's input. */
  parameters?: unknown;
}
