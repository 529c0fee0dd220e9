import type { Message } from '../messages/types.js';
import { summarizeTurn, type TurnSummary } from './summarize-turn.js';
import { summarizeWithinBudget } from './summarize-within-budget.js';
import { SUMMARY_ID_PREFIX } from './summary-id.js';
import type { CompactionConfig, StrategyContext, TurnIndex, TurnRange } from './types.js';

/** A summary message plus what it had to leave out. */
export interface SectionSummary {
  message: Message | undefined;
  warnings: string[];
  omittedActivityTurns: number[];
  omittedInstructionTurns: number[];
}

/** Inputs of `summarizeSection`. */
export interface SummarizeSectionInput {
  messages: readonly Message[];
  turnMap: TurnIndex;
  range: TurnRange;
  config: CompactionConfig;
  context: StrategyContext;
  /** Names the source, e.g. `loop L3`, in the summary header. */
  label: string;
  budgetTokens?: number;
  /** Keep only user and system instructions (the drop-middle level of the legacy path). */
  instructionsOnly?: boolean;
  /** Messages left out of the summary because they are kept verbatim elsewhere (pins). */
  skip?: ReadonlySet<Message>;
  /** Per-turn summaries already made for these messages; callers that summarise repeatedly pass one. */
  cache?: Map<number, TurnSummary>;
}

/**
 * Summarises the turns of a range into one user-role message of at most `maxSummaryTokens` tokens: every
 * user instruction kept (verbatim or as its rule and decision sentences), then per-turn activity lines with
 * tool names, paths, commands and error lines, newest first when the budget runs short.
 */
export function summarizeSection(input: SummarizeSectionInput): SectionSummary {
  const { messages, turnMap, range, config, context } = input;
  const summaries = [];
  for (let turn = range.startTurn; turn <= range.endTurn; turn++) {
    const bounds = turnMap.turnMsgRange(turn);
    if (!bounds) continue;
    let summary = input.cache?.get(turn);
    if (!summary) {
      const turnMessages = messages.slice(bounds[0], bounds[1]);
      const skip = input.skip;
      summary = summarizeTurn({
        turn,
        messages: skip ? turnMessages.filter((message) => !skip.has(message)) : turnMessages,
        counter: context.counter,
        userMessageVerbatimTokens: config.userMessageVerbatimTokens,
        withSearchText: context.focus !== undefined && context.focus !== '',
      });
      input.cache?.set(turn, summary);
    }
    if (input.instructionsOnly) {
      const { activityLine: _dropped, ...instructions } = summary;
      summary = instructions;
    }
    summaries.push(summary);
  }
  const focusNote = context.focus ? ` Focus: ${context.focus}.` : '';
  const what = input.instructionsOnly
    ? 'were dropped; their user and system instructions are kept below'
    : 'were replaced by this digest';
  const header = `[Compacted summary of turns ${range.startTurn}-${range.endTurn} of ${input.label}: the original messages ${what}.${focusNote}]`;
  const budgetTokens = input.budgetTokens ?? config.maxSummaryTokens;
  const budgeted = summarizeWithinBudget({
    header,
    fallback: summaryFallback(range, input.label),
    summaries,
    budgetTokens,
    counter: context.counter,
    ...(context.focus ? { focus: context.focus } : {}),
  });
  const firstTurn = turnMap.turnMsgRange(range.startTurn);
  const turnValue = firstTurn ? messages[firstTurn[0]]?.turn : undefined;
  const message: Message | undefined =
    budgeted.text === ''
      ? undefined
      : {
          id: `${SUMMARY_ID_PREFIX}${input.label}:${range.startTurn}-${range.endTurn}`,
          role: 'user',
          content: budgeted.text,
          ...(turnValue === undefined ? {} : { turn: turnValue }),
        };
  return {
    message,
    warnings: budgeted.warnings,
    omittedActivityTurns: budgeted.omittedActivityTurns,
    omittedInstructionTurns: budgeted.omittedInstructionTurns,
  };
}

/** The one line a summary is reduced to when not even its header fits its budget. */
export function summaryFallback(range: TurnRange, label: string): string {
  return `[Turns ${range.startTurn}-${range.endTurn} of ${label} compacted; no room for their summary.]`;
}
