import type { TokenCounter } from '../tokens/index.js';
import type { CompactionConfig } from './config.js';
import { resolveScope } from './resolve-scope.js';
import { activeChain } from './session-chain.js';
import { TurnMap } from './turn-map.js';
import type {
  BlockCompactionStrategy,
  CompactionBlock,
  LoopRecord,
  Session,
  StrategyContext,
} from './types.js';
import { validateBlock } from './validate-block.js';

/** Options for `compactSessionLoops`. */
export interface CompactSessionLoopsOptions {
  counter: TokenCounter;
  focus?: string;
  signal?: AbortSignal;
  now?: () => Date;
  /** Target size handed to the strategy; defaults to maxContextTokens. */
  budgetTokens?: number;
}

/** The session with new blocks, and what the strategies reported. */
export interface CompactSessionLoopsResult {
  session: Session;
  compactedLoopIds: string[];
  warnings: string[];
}

/**
 * Creates compaction blocks: the current loop gets all three sections; earlier loops in scope get a
 * whole-loop keepCompacted. Strategies always read the loops' ORIGINAL messages, and the result is a new
 * Session whose loop records keep those originals untouched, so compacting again starts from real history.
 * An earlier loop that already holds a whole-loop summary keeps it (its messages are final).
 */
export async function compactSessionLoops(
  session: Session,
  currentLoopId: string,
  strategy: BlockCompactionStrategy,
  config: CompactionConfig,
  maxContextTokens: number,
  options: CompactSessionLoopsOptions,
): Promise<CompactSessionLoopsResult> {
  const chain = activeChain(session, currentLoopId);
  const scopeCount = resolveScope(session, chain, config.compactionScope, maxContextTokens, options.counter);
  const context: StrategyContext = {
    counter: options.counter,
    budgetTokens: options.budgetTokens ?? maxContextTokens,
    ...(options.focus !== undefined ? { focus: options.focus } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const replaced = new Map<string, LoopRecord>();
  const warnings: string[] = [];
  const targets = chain.slice(chain.length - 1 - scopeCount);
  for (const loop of targets) {
    options.signal?.throwIfAborted();
    const isMostRecent = loop.id === currentLoopId;
    if (!isMostRecent && isWholeLoopSummary(loop)) continue;
    const made = await strategy.compact(loop, config, isMostRecent, context);
    const block: CompactionBlock = isMostRecent ? made : olderLoopBlock(made);
    validateBlock(block, loop);
    warnings.push(...(block.warnings ?? []).map((warning) => `loop ${loop.id}: ${warning}`));
    replaced.set(loop.id, { ...loop, compaction: block });
  }
  return {
    session: { ...session, loops: session.loops.map((loop) => replaced.get(loop.id) ?? loop) },
    compactedLoopIds: [...replaced.keys()],
    warnings,
  };
}

/** Older loops load only keepCompacted, so the other sections are not stored for them. */
function olderLoopBlock(block: CompactionBlock): CompactionBlock {
  const { keepFirst: _first, keepRecent: _recent, ...rest } = block;
  return rest;
}

function isWholeLoopSummary(loop: LoopRecord): boolean {
  const block = loop.compaction;
  const turnCount = TurnMap.fromMessages(loop.messages).turnCount();
  return (
    block !== undefined &&
    !block.keepFirst &&
    !block.keepRecent &&
    block.coveredMessages === loop.messages.length &&
    (turnCount === 0 ||
      (block.keepCompacted?.range.startTurn === 0 && block.keepCompacted.range.endTurn === turnCount - 1))
  );
}
