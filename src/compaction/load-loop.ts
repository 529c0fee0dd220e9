import type { Message } from '../messages/types.js';
import { TurnMap } from './turn-map.js';
import type { LoopRecord } from './types.js';

/**
 * The messages a loop contributes to context. Without a block: its raw messages. With one: keepFirst from
 * the originals, then keepCompacted and keepRecent replacements, and raw messages for any turn no section
 * covers (turns added after the block was made, or gaps a custom strategy left), each turn exactly once.
 */
export function loadLoop(loop: LoopRecord): Message[] {
  const block = loop.compaction;
  if (!block) return [...loop.messages];
  const turnMap = TurnMap.fromMessages(loop.messages);
  const output: Message[] = [];
  const sections = [block.keepCompacted, block.keepRecent].filter((section) => section !== undefined);
  for (let turn = 0; turn < turnMap.turnCount(); ) {
    const section = sections.find((candidate) => candidate.range.startTurn === turn);
    if (section) {
      output.push(...section.messages);
      turn = section.range.endTurn + 1;
      continue;
    }
    output.push(...turnMap.messagesForRange({ startTurn: turn, endTurn: turn }, loop.messages));
    turn++;
  }
  return output;
}
