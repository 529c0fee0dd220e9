import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';
import { compactTurnSteps, cutMessagesToFit } from './compact-turn-steps.js';
import { type TruncateOptions, truncateToolOutputs } from './truncate-tool-output.js';
import type { TurnIndex, TurnRange } from './types.js';

/** Options of `fitRecentTurns`. */
export interface FitRecentTurnsOptions {
  messages: readonly Message[];
  turnMap: TurnIndex;
  /** The earliest turn the recent window may take (the turn after keepFirst). */
  fromTurn: number;
  /** Whole turns kept when they fit, whatever the floor (keepRecentTurns). */
  minTurns: number;
  /** The most the window may cost (a sum of `countMessage`, pinned messages excluded: the caller reserved them). */
  roomTokens: number;
  /** Older turns are added while the window costs less than this (the floor). */
  fillTokens: number;
  counter: TokenCounter;
  pinned: ReadonlySet<Message>;
  truncate: TruncateOptions;
  maxDigestTokens: number;
  /** Names the loop in digest headers, e.g. `loop L`. */
  loopLabel: string;
}

/** The recent window: its turns and the messages that stand for them. */
export interface FittedRecent {
  range: TurnRange;
  messages: Message[];
  tokens: number;
  warnings: string[];
}

/**
 * The recent window of a loop that must shrink to fit. The last turn comes first: whole, with the latest step's
 * tool results in full and older outputs truncated, or compacted step by step when that does not fit. Older turns
 * follow, newest first, with outputs truncated, while they fit and either fewer than `minTurns` are kept or the
 * window is below `fillTokens`; a turn that does not fit whole while the window is below the floor is compacted
 * step by step into what is left. Pinned messages are never cut.
 */
export function fitRecentTurns(options: FitRecentTurnsOptions): FittedRecent | undefined {
  const { turnMap, messages, counter } = options;
  const lastTurn = turnMap.turnCount() - 1;
  if (lastTurn < options.fromTurn) return undefined;
  // Pinned messages cost nothing here: the caller counted them once in its fixed part.
  const cost = (list: readonly Message[]) =>
    list.reduce((sum, message) => sum + (options.pinned.has(message) ? 0 : counter.countMessage(message)), 0);
  const turnMessages = (turn: number) =>
    turnMap.messagesForRange({ startTurn: turn, endTurn: turn }, messages);
  const warnings: string[] = [];
  const byStep = (turn: number, room: number, fill: number) =>
    compactTurnSteps({
      latestMayGo: turn !== lastTurn,
      messages: turnMessages(turn),
      roomTokens: room,
      fillTokens: fill,
      counter,
      pinned: options.pinned,
      truncate: options.truncate,
      maxDigestTokens: options.maxDigestTokens,
      label: `turn ${turn} of ${options.loopLabel}`,
    });

  const lastWhole = latestStepWhole(turnMessages(lastTurn), options);
  let parts: Message[][] = [lastWhole];
  let used = cost(lastWhole);
  if (used > options.roomTokens) {
    const stepped = byStep(lastTurn, options.roomTokens, options.fillTokens);
    if (stepped) {
      parts = [stepped.messages];
      used = cost(stepped.messages);
      warnings.push(...stepped.warnings);
    } else {
      warnings.push(
        `turn ${lastTurn} of ${options.loopLabel} has no tool step to compact and exceeds the room of ${options.roomTokens} tokens`,
      );
    }
  }
  let start = lastTurn;
  for (let turn = lastTurn - 1; turn >= options.fromTurn; turn--) {
    const wanted = lastTurn - turn < options.minTurns || used < options.fillTokens;
    if (!wanted) break;
    const form = truncateUnpinned(turnMessages(turn), options);
    const formCost = cost(form);
    if (used + formCost <= options.roomTokens) {
      parts.unshift(form);
      used += formCost;
      start = turn;
      continue;
    }
    if (used < options.fillTokens) {
      const stepped = byStep(turn, options.roomTokens - used, options.fillTokens - used);
      if (stepped && used + cost(stepped.messages) <= options.roomTokens) {
        parts.unshift(stepped.messages);
        used += cost(stepped.messages);
        start = turn;
        warnings.push(...stepped.warnings);
      } else {
        // The floor: a turn with no step to compact (a long message) is kept cut, head and tail of each message,
        // rather than leaving the window far below half the budget.
        const pinnedCost = form.reduce(
          (sum, message) => sum + (options.pinned.has(message) ? counter.countMessage(message) : 0),
          0,
        );
        const cut = cutMessagesToFit({
          messages: form,
          room: options.roomTokens - used + pinnedCost,
          counter,
          pinned: options.pinned,
        });
        if (cut) {
          parts.unshift(cut);
          used += cost(cut);
          start = turn;
          warnings.push(
            `turn ${turn} of ${options.loopLabel} (${formCost} tokens) was cut to fit the room, head and tail of each message kept`,
          );
        }
      }
    }
    break;
  }
  return { range: { startTurn: start, endTurn: lastTurn }, messages: parts.flat(), tokens: used, warnings };
}

/** The last turn with tool outputs truncated, except the results of its latest step and pinned messages. */
function latestStepWhole(turn: readonly Message[], options: FitRecentTurnsOptions): Message[] {
  let lastCall = -1;
  turn.forEach((message, index) => {
    if (message.role === 'assistant') lastCall = index;
  });
  if (lastCall < 0) return truncateUnpinned(turn, options);
  return [...truncateUnpinned(turn.slice(0, lastCall), options), ...turn.slice(lastCall)];
}

/** Tool outputs truncated, pinned messages untouched. */
export function truncateUnpinned(
  messages: readonly Message[],
  options: { truncate: TruncateOptions; pinned: ReadonlySet<Message> },
): Message[] {
  const truncated = truncateToolOutputs(messages, options.truncate);
  return truncated.map((message, index) => {
    const original = messages[index] as Message;
    return options.pinned.has(original) ? original : message;
  });
}
