import { CompactionError } from '../errors.js';
import { assignTurns } from '../messages/assign-turns.js';
import type { Message } from '../messages/types.js';
import { truncateUnpinned } from './fit-recent-turns.js';
import { loadLoop } from './load-loop.js';
import { finishBlock, planSections } from './plan-sections.js';
import { repairToolPairs } from './repair-tool-pairs.js';
import { summarizeSection } from './summarize-section.js';
import { TurnMap } from './turn-map.js';
import { turnRange } from './turn-range.js';
import type { CompactionStrategyInput } from './types.js';

/**
 * Which reduction level the legacy path needed: 0 none, 1 truncate tool outputs, 2 summarise the middle,
 * 3 compact deeper (the first turns given up, pins kept, or the last turn compacted step by step).
 */
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

const LOOP_ID = 'conversation';

/**
 * The legacy in-memory compaction: applies, each only if still over budget, (1) truncate tool outputs outside
 * the last turn, (2) keep the first and recent turns and summarise the middle, fitted to the budget as the block
 * strategy fits it (the recent window grows to half the budget and shrinks to what fits), (3) the same after giving
 * up the first turns or compacting the last turn step by step. Pins (system messages, the first request, rules,
 * the caller's) are never dropped or summarised; pins alone over budget throw a CompactionError. The input is
 * never mutated, and every returned context has its tool calls and results paired.
 */
export function compactMessages(input: CompactionStrategyInput): CompactMessagesResult {
  const { messages, config, context } = input;
  const { counter, budgetTokens } = context;
  const numbered = messages.some((message) => message.turn === undefined)
    ? assignTurns([...messages])
    : [...messages];
  const turnMap = TurnMap.fromMessages(numbered);
  const turnCount = turnMap.turnCount();
  const finish = (candidate: Message[], level: CompactionLevel, warnings: string[] = []) => {
    const repaired = repairToolPairs(candidate);
    const tokens = counter.countMessages(repaired.messages);
    return {
      messages: repaired.messages,
      level,
      tokens,
      withinBudget: tokens <= budgetTokens,
      warnings: [...warnings, ...repaired.repairs],
    };
  };

  const level0 = finish(numbered, 0);
  if (level0.withinBudget) return level0;

  const record = { id: LOOP_ID, messages: numbered };
  const planner = planSections({ record, config, context, isMostRecent: true, turnMap });
  const truncate = { maxLines: config.toolOutputMaxLines, maxChars: config.toolOutputMaxChars };
  const lastTurn = turnMap.turnMsgRange(turnCount - 1);
  const lastStart = lastTurn ? lastTurn[0] : numbered.length;
  const level1 = finish(
    [
      ...truncateUnpinned(numbered.slice(0, lastStart), { truncate, pinned: planner.pinnedSet }),
      ...numbered.slice(lastStart),
    ],
    1,
  );
  if (level1.withinBudget) return level1;

  const first = turnRange(0, Math.min(config.keepFirstTurns, turnCount) - 1);
  const attempt = (budget: number) => {
    const plan = planSections({
      record,
      config,
      context: { ...context, budgetTokens: budget },
      isMostRecent: true,
      turnMap,
      summaryLabel: 'this conversation',
    }).fit(first, undefined);
    const middle = plan.middle;
    const summary =
      middle && !plan.middleAllPinned
        ? summarizeSection({
            messages: numbered,
            turnMap,
            range: middle,
            config,
            context,
            label: 'this conversation',
            budgetTokens: plan.summaryConfig.maxSummaryTokens,
            skip: planner.pinnedSet,
          })
        : undefined;
    const block = finishBlock(
      plan,
      middle ? { range: middle, messages: summary?.message ? [summary.message] : [] } : undefined,
    );
    return finish(loadLoop({ ...record, compaction: block }), plan.deep ? 3 : 2, [
      ...(block.warnings ?? []),
      ...(summary?.warnings ?? []),
    ]);
  };
  let result = attempt(budgetTokens);
  // Summaries and digests keep a one-line marker even below their budget: plan again for the overflow.
  for (let retry = 0; retry < 2 && !result.withinBudget; retry++) {
    const smaller = budgetTokens - (result.tokens - budgetTokens) * (retry + 1);
    if (smaller <= 0) break;
    const again = unlessPinsOverBudget(() => attempt(smaller));
    if (!again) break;
    if (again.tokens < result.tokens) result = again;
  }
  if (!result.withinBudget) {
    result.warnings.push(
      `context is ${result.tokens} tokens after every reduction level, over the budget of ${budgetTokens}: the pins, the last request and its latest step do not fit`,
    );
  }
  return result;
}

/** `work()`, or undefined when the pins alone exceed a (tightened) budget. */
function unlessPinsOverBudget<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    if (error instanceof CompactionError) return undefined;
    throw error;
  }
}
