import { assignTurns } from '../messages/assign-turns.js';
import type { Message } from '../messages/types.js';
import type { CompactionConfig } from './config.js';
import { repairToolPairs } from './repair-tool-pairs.js';
import { summarizeSection } from './summarize-section.js';
import type { TurnSummary } from './summarize-turn.js';
import { truncateToolOutputs } from './truncate-tool-output.js';
import { TurnMap } from './turn-map.js';
import { type TurnRange, turnRange } from './turn-range.js';
import type { StrategyContext } from './types.js';

/** Which reduction level the legacy path needed: 0 none, 1 truncate, 2 summarise, 3 drop middle. */
export type CompactionLevel = 0 | 1 | 2 | 3;

/** The result of `compactMessages`. */
export interface CompactMessagesResult {
  messages: Message[];
  level: CompactionLevel;
  /** Exact token count of `messages`. */
  tokens: number;
  /** False when even the smallest form exceeds the budget (the smallest form is still returned). */
  withinBudget: boolean;
  warnings: string[];
}

/**
 * The legacy in-memory compaction: applies, each only if still over budget,
 * (1) truncate tool outputs outside the last turn, (2) summarise the middle turns, (3) drop the middle,
 * keeping the user and system instructions it held and shrinking the recent window oldest-first.
 * The input is never mutated, and every returned context has its tool calls and results paired.
 */
export function compactMessages(
  messages: readonly Message[],
  config: CompactionConfig,
  context: StrategyContext,
): CompactMessagesResult {
  const { counter, budgetTokens } = context;
  const numbered = messages.some((message) => message.turn === undefined)
    ? assignTurns([...messages])
    : [...messages];
  const turnMap = TurnMap.fromMessages(numbered);
  const turnCount = turnMap.turnCount();
  const warnings: string[] = [];
  const finish = (candidate: Message[], level: CompactionLevel): CompactMessagesResult => {
    const repaired = repairToolPairs(candidate);
    warnings.push(...repaired.repairs);
    const tokens = counter.countMessages(repaired.messages);
    return { messages: repaired.messages, level, tokens, withinBudget: tokens <= budgetTokens, warnings };
  };

  const level0 = finish(numbered, 0);
  if (level0.withinBudget) return level0;
  warnings.length = 0;

  const truncateOptions = { maxLines: config.toolOutputMaxLines, maxChars: config.toolOutputMaxChars };
  const lastTurn = turnMap.turnMsgRange(turnCount - 1);
  const lastStart = lastTurn ? lastTurn[0] : numbered.length;
  const truncated = [
    ...truncateToolOutputs(numbered.slice(0, lastStart), truncateOptions),
    ...numbered.slice(lastStart),
  ];
  const level1 = finish(truncated, 1);
  if (level1.withinBudget) return level1;
  warnings.length = 0;

  const firstCount = Math.min(config.keepFirstTurns, turnCount);
  let recentStart = Math.max(firstCount, turnCount - config.keepRecentTurns);
  // Kept turns come from `source`: outputs truncated except in the last turn, until nothing else is left.
  let source = truncated;
  const slice = (range: TurnRange | undefined): Message[] =>
    range ? turnMap.messagesForRange(range, source) : [];
  const summaryCache = new Map<number, TurnSummary>();
  const build = (first: number, recentFrom: number, instructionsOnly: boolean, budget: number): Message[] => {
    const middle = turnRange(first, recentFrom - 1);
    const summary = middle
      ? summarizeSection({
          messages: numbered,
          turnMap,
          range: middle,
          config,
          context,
          label: 'this conversation',
          budgetTokens: Math.max(0, budget),
          instructionsOnly,
          cache: summaryCache,
        })
      : undefined;
    if (summary) warnings.push(...summary.warnings);
    return [
      ...slice(turnRange(0, first - 1)),
      ...(summary?.message ? [summary.message] : []),
      ...slice(turnRange(recentFrom, turnCount - 1)),
    ];
  };
  // The summary gets whatever room the kept turns leave, up to maxSummaryTokens. An empty user message stands
  // in for the summary so its message overhead is counted: the room is for its text alone.
  const emptySummary: Message = { role: 'user', content: '' };
  const roomFor = (from: number, recentFrom: number): number =>
    Math.min(
      config.maxSummaryTokens,
      budgetTokens -
        counter.countMessages([
          ...slice(turnRange(0, from - 1)),
          emptySummary,
          ...slice(turnRange(recentFrom, turnCount - 1)),
        ]),
    );
  if (recentStart > firstCount && roomFor(firstCount, recentStart) > 0) {
    const level2 = finish(build(firstCount, recentStart, false, roomFor(firstCount, recentStart)), 2);
    if (level2.withinBudget) return level2;
  }
  warnings.length = 0;

  // Level 3: the middle keeps only instructions.
  let first = firstCount;
  let result = finish(build(first, recentStart, true, roomFor(first, recentStart)), 3);
  // Shrink the recent window oldest-first, then give up the kept first turns; the last turn always stays.
  while (!result.withinBudget && (recentStart < turnCount - 1 || first > 0)) {
    warnings.length = 0;
    if (recentStart < turnCount - 1) recentStart++;
    else first--;
    result = finish(build(first, recentStart, true, roomFor(first, recentStart)), 3);
  }
  if (!result.withinBudget) {
    warnings.length = 0;
    source = truncateToolOutputs(numbered, truncateOptions);
    result = finish(build(first, recentStart, true, roomFor(first, recentStart)), 3);
  }
  if (!result.withinBudget) {
    // Last resort: the last turn alone. The summary marker goes too, so say so in the result's warnings.
    const lastOnly = finish(slice(turnRange(turnCount - 1, turnCount - 1)), 3);
    if (lastOnly.withinBudget) {
      lastOnly.warnings.push(
        `only the last turn fits the budget of ${budgetTokens} tokens: turns 0-${turnCount - 2} were dropped without a summary`,
      );
      return lastOnly;
    }
  }
  if (!result.withinBudget) {
    result.warnings.push(
      `context is ${result.tokens} tokens after every reduction level, over the budget of ${budgetTokens}: the last turn alone does not fit`,
    );
  }
  return result;
}
