import { CompactionError } from '../errors.js';
import { TurnMap } from './turn-map.js';
import type { CompactionBlock, LoopRecord, TurnRange } from './types.js';

/**
 * Checks a block from any strategy before it is stored: ranges inside the loop, in the order
 * keepFirst < keepCompacted < keepRecent, and none overlapping, so no turn can be loaded twice.
 */
export function validateBlock(block: CompactionBlock, loop: LoopRecord): void {
  const loopId = loop.id;
  if (
    !Number.isInteger(block.coveredMessages) ||
    block.coveredMessages < 0 ||
    block.coveredMessages > loop.messages.length
  ) {
    throw new CompactionError(
      `compaction block of loop ${loopId}: covers ${block.coveredMessages} messages of ${loop.messages.length}`,
    );
  }
  const turnCount = TurnMap.fromMessages(loop.messages.slice(0, block.coveredMessages)).turnCount();
  const named: [string, TurnRange | undefined][] = [
    ['keepFirst', block.keepFirst],
    ['keepCompacted', block.keepCompacted?.range],
    ['keepRecent', block.keepRecent?.range],
  ];
  let previousEnd = -1;
  let previousName = '';
  for (const [name, range] of named) {
    if (!range) continue;
    const where = `compaction block of loop ${loopId}: ${name} turns ${range.startTurn}-${range.endTurn}`;
    if (
      !Number.isInteger(range.startTurn) ||
      !Number.isInteger(range.endTurn) ||
      range.startTurn > range.endTurn
    ) {
      throw new CompactionError(`${where}: not a valid inclusive range`);
    }
    if (range.startTurn < 0 || range.endTurn >= turnCount) {
      throw new CompactionError(`${where}: outside the loop's ${turnCount} turns`);
    }
    if (range.startTurn <= previousEnd) {
      throw new CompactionError(`${where}: overlaps ${previousName}, so a turn would be loaded twice`);
    }
    previousEnd = range.endTurn;
    previousName = name;
  }
}
