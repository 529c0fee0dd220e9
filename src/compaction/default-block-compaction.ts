import type { CompactionConfig } from './config.js';
import { summarizeSection } from './summarize-section.js';
import { truncateToolOutputs } from './truncate-tool-output.js';
import { TurnMap } from './turn-map.js';
import { type TurnRange, turnRange, turnRangesOverlap } from './turn-range.js';
import type {
  BlockCompactionStrategy,
  BlockSectionInput,
  CompactedSection,
  CompactionBlock,
  LoopRecord,
  StrategyContext,
} from './types.js';

/**
 * The built-in block strategy. Stateless: every parameter comes from CompactionConfig.
 * - keepFirst: turns 0..keepFirstTurns-1.
 * - keepRecent: the last keepRecentTurns turns with tool outputs truncated, never overlapping keepFirst.
 * - keepCompacted: per-turn summaries of what lies between (or of the whole loop for older loops).
 */
export class DefaultBlockCompaction implements BlockCompactionStrategy {
  /** Turns kept verbatim from the start of the loop. */
  keepFirst({ turnMap, config }: BlockSectionInput): TurnRange | undefined {
    return turnRange(0, Math.min(config.keepFirstTurns, turnMap.turnCount()) - 1);
  }

  /** The last turns, whole, with tool outputs cut to `toolOutputMaxLines`; starts after keepFirst. */
  keepRecent(input: BlockSectionInput): CompactedSection | undefined {
    const { record, turnMap, config } = input;
    const count = turnMap.turnCount();
    const firstEnd = this.keepFirst(input)?.endTurn ?? -1;
    const range = turnRange(Math.max(firstEnd + 1, count - config.keepRecentTurns), count - 1);
    if (!range) return undefined;
    const messages = truncateToolOutputs(turnMap.messagesForRange(range, record.messages), {
      maxLines: config.toolOutputMaxLines,
      maxChars: config.toolOutputMaxChars,
    });
    return { range, messages };
  }

  /** Summaries of the turns not covered by `exclude` (for older loops: the whole loop). */
  keepCompacted(
    input: BlockSectionInput & { isMostRecent: boolean; exclude: readonly TurnRange[] },
  ): CompactedSection | undefined {
    const { record, turnMap, config, context } = input;
    const whole = turnRange(0, turnMap.turnCount() - 1);
    if (!whole) return undefined;
    const range = input.isMostRecent ? middleOf(whole, input.exclude) : whole;
    if (!range) return undefined;
    const summary = summarizeSection({
      messages: record.messages,
      turnMap,
      range,
      config,
      context,
      label: `loop ${record.id}`,
    });
    return {
      range,
      messages: summary.message ? [summary.message] : [],
      ...(summary.warnings.length > 0 ? { warnings: summary.warnings } : {}),
      ...(summary.omittedActivityTurns.length + summary.omittedInstructionTurns.length > 0
        ? {
            omitted: {
              activityTurns: summary.omittedActivityTurns,
              instructionTurns: summary.omittedInstructionTurns,
            },
          }
        : {}),
    };
  }

  /** Assembles a block from the three sections. */
  async compact(
    record: LoopRecord,
    config: CompactionConfig,
    isMostRecent: boolean,
    context: StrategyContext,
  ): Promise<CompactionBlock> {
    return assembleBlock(this, record, config, isMostRecent, context);
  }
}

/**
 * Calls a strategy's section methods in order and puts the block together: keepRecent never overlaps
 * keepFirst, and keepCompacted is told which ranges the other two took. Custom strategies can reuse it.
 */
export async function assembleBlock(
  strategy: Pick<BlockCompactionStrategy, 'keepFirst' | 'keepRecent' | 'keepCompacted'>,
  record: LoopRecord,
  config: CompactionConfig,
  isMostRecent: boolean,
  context: StrategyContext,
): Promise<CompactionBlock> {
  const turnMap = TurnMap.fromMessages(record.messages);
  const input: BlockSectionInput = { record, turnMap, config, context };
  const createdAt = (context.now?.() ?? new Date()).toISOString();
  const block: CompactionBlock = { createdAt, coveredMessages: record.messages.length };
  if (isMostRecent) {
    let first = await strategy.keepFirst(input);
    const recent = await strategy.keepRecent(input);
    if (first && recent && turnRangesOverlap(first, recent.range)) {
      // keepFirst is a range of originals, so it is the one that can shrink without re-summarising.
      first = turnRange(first.startTurn, recent.range.startTurn - 1);
    }
    if (first) block.keepFirst = first;
    if (recent) block.keepRecent = recent;
  }
  const exclude = [block.keepFirst, block.keepRecent?.range].filter((range): range is TurnRange => !!range);
  const compacted = await strategy.keepCompacted({ ...input, isMostRecent, exclude });
  if (compacted) block.keepCompacted = compacted;
  const warnings = [...(block.keepRecent?.warnings ?? []), ...(compacted?.warnings ?? [])];
  if (warnings.length > 0) block.warnings = warnings;
  return block;
}

/** The part of `whole` between the excluded head and tail ranges. */
function middleOf(whole: TurnRange, exclude: readonly TurnRange[]): TurnRange | undefined {
  let start = whole.startTurn;
  let end = whole.endTurn;
  for (const range of exclude) {
    if (range.startTurn <= start) start = Math.max(start, range.endTurn + 1);
    else end = Math.min(end, range.startTurn - 1);
  }
  return turnRange(start, end);
}
