import type { TokenCounter } from '../tokens/types.js';
import { loadLoop } from './load-loop.js';
import { resolveScope } from './resolve-scope.js';
import { activeChain } from './session-chain.js';
import { TurnMap } from './turn-map.js';
import type {
  BlockCompactionStrategy,
  CompactionBlock,
  CompactionConfig,
  LoopRecord,
  Session,
  StrategyContext,
} from './types.js';
import { validateBlock } from './validate-block.js';

/** Options of `compactSessionLoops`. */
export interface CompactSessionLoopsOptions {
  session: Session;
  currentLoopId: string;
  /** The block strategy; `config.blockStrategy` when absent. */
  strategy?: BlockCompactionStrategy;
  config: CompactionConfig;
  maxContextTokens: number;
  counter: TokenCounter;
  focus?: string;
  signal?: AbortSignal;
  now?: () => Date;
  /** Target size of the whole context; defaults to maxContextTokens. The current loop gets what earlier loops leave. */
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
 * An earlier loop that already holds a whole-loop summary keeps it (its messages are final). Earlier loops are
 * compacted first, so the current loop's budget is what their summaries leave.
 */
export async function compactSessionLoops(
  options: CompactSessionLoopsOptions,
): Promise<CompactSessionLoopsResult> {
  const { session, currentLoopId, config, maxContextTokens, counter } = options;
  const strategy = options.strategy ?? config.blockStrategy;
  const chain = activeChain(session, currentLoopId);
  const scopeCount = resolveScope({ chain, scope: config.compactionScope, maxContextTokens, counter });
  const budgetTokens = options.budgetTokens ?? maxContextTokens;
  const context: StrategyContext = {
    counter,
    budgetTokens,
    ...(options.focus !== undefined ? { focus: options.focus } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const replaced = new Map<string, LoopRecord>();
  const warnings: string[] = [];
  const targets = chain.slice(chain.length - 1 - scopeCount);
  let earlierTokens = 0;
  for (const loop of targets) {
    options.signal?.throwIfAborted();
    const isMostRecent = loop.id === currentLoopId;
    if (!isMostRecent && isWholeLoopSummary(loop)) {
      earlierTokens += counter.countMessages(loadLoop(loop));
      continue;
    }
    const made = await strategy.compact({
      record: loop,
      config,
      isMostRecent,
      context: isMostRecent
        ? { ...context, budgetTokens: Math.max(0, budgetTokens - earlierTokens) }
        : context,
    });
    const block: CompactionBlock = isMostRecent ? made : olderLoopBlock(made);
    validateBlock(block, loop);
    warnings.push(...(block.warnings ?? []).map((warning) => `loop ${loop.id}: ${warning}`));
    const updated = { ...loop, compaction: block };
    if (!isMostRecent) earlierTokens += counter.countMessages(loadLoop(updated));
    replaced.set(loop.id, updated);
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
