import type { Message } from '../messages/types.js';
import type { TurnIndex, TurnRange } from './types.js';

/**
 * Maps turn indices to message index ranges within one message array.
 *
 * Turns are numbered 0..turnCount()-1 in order of appearance. Consecutive messages that carry the same
 * `turn` value form one turn; a message without `turn` is a turn of its own. A `turn` value that comes
 * back after another one forms a new turn rather than merging with the earlier run, so a turn is always a
 * contiguous slice and no message can be loaded twice.
 */
export class TurnMap implements TurnIndex {
  /** `starts[i]`..`ends[i]` (end exclusive) are the message indices of turn i. */
  private readonly starts: readonly number[];
  private readonly ends: readonly number[];
  /** The `turn` value the source messages carried for each turn (undefined for unnumbered messages). */
  readonly sourceTurnIds: readonly (number | undefined)[];

  private constructor(starts: number[], ends: number[], sourceTurnIds: (number | undefined)[]) {
    this.starts = starts;
    this.ends = ends;
    this.sourceTurnIds = sourceTurnIds;
  }

  /** Builds the map from messages; messages without a `turn` are their own group. */
  static fromMessages(messages: readonly Message[]): TurnMap {
    const starts: number[] = [];
    const ends: number[] = [];
    const ids: (number | undefined)[] = [];
    for (let index = 0; index < messages.length; index++) {
      const turn = messages[index]?.turn;
      const last = ids.length - 1;
      if (turn !== undefined && last >= 0 && ids[last] === turn && ends[last] === index) {
        ends[last] = index + 1;
        continue;
      }
      starts.push(index);
      ends.push(index + 1);
      ids.push(turn);
    }
    return new TurnMap(starts, ends, ids);
  }

  /** Number of turn groups. */
  turnCount(): number {
    return this.starts.length;
  }

  /** Message index range `[start, end)` of one turn, or undefined when the turn does not exist. */
  turnMsgRange(turnIndex: number): [number, number] | undefined {
    const start = this.starts[turnIndex];
    const end = this.ends[turnIndex];
    return start === undefined || end === undefined ? undefined : [start, end];
  }

  /** The slice of `allMessages` that belongs to an inclusive turn range (clamped to existing turns). */
  messagesForRange<T>(range: TurnRange, allMessages: readonly T[]): T[] {
    const bounds = this.messageBounds(range);
    return bounds ? allMessages.slice(bounds[0], bounds[1]) : [];
  }

  /** Message index bounds `[start, end)` of an inclusive turn range, clamped; undefined when empty. */
  messageBounds(range: TurnRange): [number, number] | undefined {
    const first = Math.max(0, range.startTurn);
    const last = Math.min(this.turnCount() - 1, range.endTurn);
    if (last < first) return undefined;
    return [this.starts[first] as number, this.ends[last] as number];
  }
}
