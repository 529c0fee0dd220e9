import { assembleBlock } from './assemble-block.js';
import { truncateUnpinned } from './fit-recent-turns.js';
import { summarizeSection } from './summarize-section.js';
import { middleOf, turnRange } from './turn-range.js';
import type {
  BlockCompactInput,
  BlockCompactionStrategy,
  BlockSectionInput,
  CompactedSection,
  CompactionBlock,
  TurnRange,
} from './types.js';

/**
 * The built-in block strategy. Stateless: every parameter comes from CompactionConfig.
 * - keepFirst: turns 0..keepFirstTurns-1.
 * - keepRecent: the last keepRecentTurns turns with tool outputs truncated, never overlapping keepFirst.
 * - keepCompacted: per-turn summaries of what lies between (or of the whole loop for older loops).
 * `compact` goes through `assembleBlock`, which fits the sections to the budget and keeps the pins.
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
    const messages = truncateUnpinned(turnMap.messagesForRange(range, record.messages), {
      truncate: { maxLines: config.toolOutputMaxLines, maxChars: config.toolOutputMaxChars },
      pinned: input.pinned ?? new Set(),
    });
    return { range, messages };
  }

  /** Summaries of the turns not covered by `exclude` (for older loops: the whole loop); pins are left to the caller. */
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
      ...(input.pinned ? { skip: input.pinned } : {}),
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

  /** Assembles a block from the three sections (see `assembleBlock`). */
  async compact(input: BlockCompactInput): Promise<CompactionBlock> {
    return assembleBlock({ ...input, strategy: this });
  }
}
