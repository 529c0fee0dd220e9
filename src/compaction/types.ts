import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';
import type { CompactionConfig } from './config.js';
import type { TurnMap } from './turn-map.js';
import type { TurnRange } from './turn-range.js';

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
  /** Recent turns with truncated tool outputs; only for the most recent loop. */
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

/** What a strategy is told besides the messages and config. */
export interface StrategyContext {
  /** Exact token counter to measure what the strategy produces. */
  counter: TokenCounter;
  /** Target size for the compacted context, in tokens. */
  budgetTokens: number;
  /** A hint of what matters now (e.g. from a user's `/compact focus on the auth bug`). */
  focus?: string;
  signal?: AbortSignal;
  /** Clock for `createdAt`; injectable so tests and benchmarks are reproducible. */
  now?: () => Date;
}

/** The legacy in-memory strategy: takes messages, returns a compacted copy. */
export interface CompactionStrategy {
  compact(
    messages: readonly Message[],
    config: CompactionConfig,
    context: StrategyContext,
  ): Message[] | Promise<Message[]>;
}

/** Arguments every block-strategy section method receives. */
export interface BlockSectionInput {
  record: LoopRecord;
  turnMap: TurnMap;
  config: CompactionConfig;
  context: StrategyContext;
}

/**
 * The modern strategy: builds non-destructive overlays. Every method may be async so an LLM summariser
 * can implement it; `compact` assembles a block from the three section methods.
 */
export interface BlockCompactionStrategy {
  keepFirst(input: BlockSectionInput): TurnRange | undefined | Promise<TurnRange | undefined>;
  keepRecent(input: BlockSectionInput): CompactedSection | undefined | Promise<CompactedSection | undefined>;
  keepCompacted(
    input: BlockSectionInput & { isMostRecent: boolean; exclude: readonly TurnRange[] },
  ): CompactedSection | undefined | Promise<CompactedSection | undefined>;
  compact(
    record: LoopRecord,
    config: CompactionConfig,
    isMostRecent: boolean,
    context: StrategyContext,
  ): Promise<CompactionBlock>;
}
