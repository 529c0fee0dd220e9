import { defineCompactionConfig, shouldCompact } from '../compaction/index.js';
import { ValidationError } from '../errors.js';
import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';

/** Where to evaluate: the engine's trigger for a window, every N tokens, explicit message indices, or the end. */
export interface CompactionPointOptions {
  /** The model's window: a point wherever the engine's trigger would fire, the context reset after each. */
  window?: number;
  /** A point every this many tokens of history. */
  every?: number;
  /** Explicit message indices (the history before each index is what gets compacted). */
  at?: number[];
}

/**
 * The compaction points of a session, as message indices: the history before a point is what is compacted and
 * probed. Points move forward to the next user message, so no tool call is cut from its result and the probes
 * are asked where an agent would compact. With no option, or when the session never reaches a trigger, the one
 * point is the end of the session.
 * @throws ValidationError for an index outside the session.
 */
export function findCompactionPoints(
  messages: readonly Message[],
  counter: TokenCounter,
  options: CompactionPointOptions = {},
): number[] {
  const raw: number[] = [];
  if (options.at) {
    for (const index of options.at) {
      if (!Number.isInteger(index) || index < 1 || index > messages.length)
        throw new ValidationError([
          { where: '--at', message: `message index ${index} is outside 1..${messages.length}` },
        ]);
      raw.push(index);
    }
  }
  if (options.window !== undefined || options.every !== undefined) {
    const config = defineCompactionConfig();
    let since = 0;
    for (const [index, message] of messages.entries()) {
      since += counter.countMessage(message);
      const fire =
        options.every !== undefined
          ? since >= options.every
          : shouldCompact(since, options.window ?? Number.POSITIVE_INFINITY, config);
      if (fire) {
        raw.push(index + 1);
        // After a compaction the window starts again from (roughly) nothing: the next point needs as much again.
        since = 0;
      }
    }
  }
  const snapped = [...new Set(raw.map((index) => snapToTurn(messages, index)))].sort((a, b) => a - b);
  return snapped.length > 0 ? snapped : [messages.length];
}

/** The first user message at or after `index` (or the end): where a turn starts. */
function snapToTurn(messages: readonly Message[], index: number): number {
  for (let position = index; position < messages.length; position++) {
    if (messages[position]?.role === 'user') return position;
  }
  return messages.length;
}
