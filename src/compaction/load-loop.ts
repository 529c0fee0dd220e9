import type { Message } from '../messages/types.js';
import { TurnMap } from './turn-map.js';
import type { LoopRecord } from './types.js';

/**
 * The messages a loop contributes to context. Without a block: its raw messages. With one: over the messages
 * the block was made from, keepFirst from the originals, keepCompacted and keepRecent replacements, and raw
 * messages for any turn no section covers (gaps a custom strategy left), each turn exactly once; then every
 * message appended since the block was made, raw, even when it continues the last compacted turn.
 */
export function loadLoop(loop: LoopRecord): Message[] {
  const block = loop.compaction;
  if (!block) return [...loop.messages];
  const covered = loop.messages.slice(0, block.coveredMessages);
  const turnMap = TurnMap.fromMessages(covered);
  const output: Message[] = [];
  const sections = [block.keepCompacted, block.keepRecent].filter((section) => section !== undefined);
  for (let turn = 0; turn < turnMap.turnCount(); ) {
    const section = sections.find((candidate) => candidate.range.startTurn === turn);
    if (section) {
      output.push(...section.messages);
      turn = section.range.endTurn + 1;
      continue;
    }
    output.push(...turnMap.messagesForRange({ startTurn: turn, endTurn: turn }, covered));
    turn++;
  }
  output.push(...loop.messages.slice(block.coveredMessages));
  return output;
}
