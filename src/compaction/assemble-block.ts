import { loadLoop } from './load-loop.js';
import { finishBlock, planSections } from './plan-sections.js';
import { TurnMap } from './turn-map.js';
import { turnRange, turnRangesOverlap } from './turn-range.js';
import type {
  BlockCompactInput,
  BlockCompactionStrategy,
  BlockSectionInput,
  CompactedSection,
  CompactionBlock,
  TurnRange,
} from './types.js';

/** Options of `assembleBlock`: a block strategy's `compact` input plus the strategy whose sections it calls. */
export interface AssembleBlockOptions extends BlockCompactInput {
  strategy: Pick<BlockCompactionStrategy, 'keepFirst' | 'keepRecent' | 'keepCompacted'>;
}

/**
 * Calls a strategy's section methods and puts the block together; every block strategy can reuse it.
 *
 * - keepRecent never overlaps keepFirst, and keepCompacted is told which ranges the other two took.
 * - Pins (see `findPinned`) inside the compacted range are put back verbatim at the start of its section, with
 *   the pinned files; pins alone over the budget throw a CompactionError.
 * - When the loop exceeds `context.budgetTokens`, the sections are fitted to it: keepFirst is given up if it
 *   leaves no room, the recent window shrinks to what fits (the last turn compacted step by step when it alone
 *   is too big) or grows until the block uses half the budget (the floor), and the summary gets the rest, up to
 *   `maxSummaryTokens`.
 */
export async function assembleBlock(options: AssembleBlockOptions): Promise<CompactionBlock> {
  const { strategy, record, isMostRecent } = options;
  const turnMap = TurnMap.fromMessages(record.messages);
  const planner = planSections({ ...options, turnMap });
  const input: BlockSectionInput = {
    record,
    turnMap,
    config: options.config,
    context: options.context,
    pinned: planner.pinnedSet,
  };
  let first: TurnRange | undefined;
  let recent: CompactedSection | undefined;
  if (isMostRecent) {
    first = await strategy.keepFirst(input);
    recent = await strategy.keepRecent(input);
    if (first && recent && turnRangesOverlap(first, recent.range)) {
      // keepFirst is a range of originals, so it is the one that can shrink without re-summarising.
      first = turnRange(first.startTurn, recent.range.startTurn - 1);
    }
  }
  const build = async (budgetTokens: number) => {
    const plan =
      budgetTokens === options.context.budgetTokens
        ? planner.fit(first, recent)
        : planSections({ ...options, context: { ...options.context, budgetTokens }, turnMap }).fit(
            first,
            recent,
          );
    // A middle of pins alone needs no summary: the pins are put back verbatim.
    const compacted =
      plan.middle && plan.middleAllPinned
        ? { range: plan.middle, messages: [] }
        : await strategy.keepCompacted({
            ...input,
            config: plan.summaryConfig,
            isMostRecent,
            exclude: plan.exclude,
          });
    return finishBlock(plan, compacted);
  };
  const budget = options.context.budgetTokens;
  let block = await build(budget);
  // A summary keeps a one-line marker even below its budget: when fitting overshoots, plan again for the overflow.
  const overflow = (candidate: CompactionBlock) =>
    options.context.counter.countMessages(loadLoop({ ...record, compaction: candidate })) - budget;
  if (isMostRecent && planner.fitting) {
    for (let retry = 1; retry <= 2 && overflow(block) > 0; retry++) {
      const smaller = budget - overflow(block) * retry;
      if (smaller <= 0) break;
      const again = await build(smaller).catch(() => undefined);
      if (again && overflow(again) < overflow(block)) block = again;
    }
  }
  return block;
}
