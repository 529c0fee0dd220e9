import type { Message } from '../messages/types.js';
import { checkPinsFit, findPinned, type PinnedMessage, pinnedFileMessages } from './find-pinned.js';
import { fitRecentTurns } from './fit-recent-turns.js';
import { summaryFallback } from './summarize-section.js';
import { omittedInstructionsNote } from './summarize-within-budget.js';
import { SUMMARY_ID_PREFIX } from './summary-id.js';
import type { TurnMap } from './turn-map.js';
import { middleOf, turnRange } from './turn-range.js';
import type {
  BlockCompactInput,
  CompactedSection,
  CompactionBlock,
  CompactionConfig,
  TurnRange,
} from './types.js';

/** Tokens every message list costs once (reply priming), as `countMessages` counts it. */
const PRIMING_TOKENS = 3;

/** What a block will hold once the compacted section is known (see `planSections`). */
export interface SectionPlan {
  first: TurnRange | undefined;
  recent: CompactedSection | undefined;
  /** Ranges keepCompacted must leave alone. */
  exclude: TurnRange[];
  /** The config keepCompacted is called with: `maxSummaryTokens` lowered to the room left when fitting. */
  summaryConfig: CompactionConfig;
  /** Pinned messages inside the compacted range, put back verbatim before its summary. */
  middlePins: Message[];
  /** The compacted range, when there is one, and whether it holds nothing but pins (then it needs no summary). */
  middle: TurnRange | undefined;
  middleAllPinned: boolean;
  files: Message[];
  /** True when the first turns were given up or the last turn was compacted step by step. */
  deep: boolean;
  warnings: string[];
  createdAt: string;
  coveredMessages: number;
}

/** The pins of a loop, and a function that fits keepFirst and keepRecent to the budget once they are known. */
export interface SectionPlanner {
  /** True when the loop exceeds the budget, so the sections are fitted to it. */
  fitting: boolean;
  pinned: readonly PinnedMessage[];
  pinnedSet: ReadonlySet<Message>;
  fit(first: TurnRange | undefined, recent: CompactedSection | undefined): SectionPlan;
}

/**
 * Plans a block: finds the pins, and when the loop exceeds `context.budgetTokens` (the current loop only) fits
 * the sections to it: keepFirst is given up if it leaves no room, the recent window is rebuilt by `fitRecentTurns`
 * (shrunk to what fits, the last turn compacted step by step, or grown until the block uses half the budget),
 * and the summary gets the rest, up to `maxSummaryTokens`. Throws a CompactionError when pins alone exceed it.
 */
export function planSections(
  input: BlockCompactInput & {
    turnMap: TurnMap;
    /** The label the summary of the compacted turns will carry (default `loop <id>`), to size its marker. */
    summaryLabel?: string;
  },
): SectionPlanner {
  const { record, config, context, turnMap, isMostRecent } = input;
  const { counter } = context;
  const pinned = findPinned({ messages: record.messages, pins: config.pins, isCurrentLoop: isMostRecent });
  const pinnedSet = new Set(pinned.map((pin) => pin.message));
  const cost = (messages: readonly Message[]) =>
    messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
  const fitting = isMostRecent && cost(record.messages) + PRIMING_TOKENS > context.budgetTokens;
  const files = pinnedFileMessages(config.pins.files ?? []);
  if (fitting) {
    checkPinsFit({ pinned, files, budgetTokens: context.budgetTokens, counter, where: `loop ${record.id}` });
  }
  const rangeMessages = (range: TurnRange | undefined) =>
    range ? turnMap.messagesForRange(range, record.messages) : [];
  // A summary never goes below its one-line marker, so even the window that takes the summary's reserve leaves
  // that much when there are turns to summarise (after `fromTurn`, before the last turn, which is always kept).
  // Sized for the widest such range and every turn in it with an instruction the marker could name.
  const summaryMarkerTokens = (fromTurn: number) => {
    const last = turnMap.turnCount() - 2;
    if (last < fromTurn) return 0;
    const instructionTurns: number[] = [];
    for (let turn = fromTurn; turn <= last; turn++) {
      const said = rangeMessages({ startTurn: turn, endTurn: turn }).some(
        (message) => (message.role === 'user' || message.role === 'system') && !pinnedSet.has(message),
      );
      if (said) instructionTurns.push(turn);
    }
    const range = { startTurn: fromTurn, endTurn: last };
    const content = `${summaryFallback(range, input.summaryLabel ?? `loop ${record.id}`)}${omittedInstructionsNote(instructionTurns)}`;
    return counter.countMessage({ role: 'user', content });
  };

  const fit = (givenFirst: TurnRange | undefined, givenRecent: CompactedSection | undefined): SectionPlan => {
    let first = givenFirst;
    let recent = givenRecent;
    const warnings: string[] = [];
    let deep = false;
    if (fitting) {
      const budget = context.budgetTokens - PRIMING_TOKENS;
      const attempt = (firstRange: TurnRange | undefined, reserveSummary: boolean) => {
        const inFirst = new Set(rangeMessages(firstRange));
        const fixed =
          cost([...inFirst]) +
          cost(pinned.filter((pin) => !inFirst.has(pin.message)).map((pin) => pin.message)) +
          cost(files);
        const reserve = reserveSummary ? Math.min(config.maxSummaryTokens, Math.floor(budget / 4)) : 0;
        const room =
          budget - fixed - Math.max(reserve, summaryMarkerTokens(firstRange ? firstRange.endTurn + 1 : 0));
        const fitted = fitRecentTurns({
          messages: record.messages,
          turnMap,
          fromTurn: firstRange ? firstRange.endTurn + 1 : 0,
          minTurns: config.keepRecentTurns,
          roomTokens: room,
          fillTokens: Math.floor(context.budgetTokens / 2) - fixed,
          counter,
          pinned: pinnedSet,
          truncate: { maxLines: config.toolOutputMaxLines, maxChars: config.toolOutputMaxChars },
          maxDigestTokens: config.maxSummaryTokens,
          loopLabel: `loop ${record.id}`,
        });
        return {
          fitted,
          fits: fitted !== undefined && fitted.tokens <= room,
          total: fixed + (fitted?.tokens ?? 0),
        };
      };
      let result = attempt(first, true);
      if (!result.fits && first) {
        warnings.push(
          `the first turns ${first.startTurn}-${first.endTurn} did not fit the budget of ${context.budgetTokens} tokens; their pinned messages are kept, the rest is summarised`,
        );
        first = undefined;
        deep = true;
        result = attempt(first, true);
      }
      if (!result.fits) result = attempt(first, false);
      // The floor: when the reserve for the summary kept the recent window under half the budget, let it grow
      // (checked after the first turns gave way, so a single-turn loop that fills the budget gets it too).
      else if (result.total < context.budgetTokens / 2) {
        const grown = attempt(first, false);
        if (grown.fits && grown.total > result.total) result = grown;
      }
      const fitted = result.fitted;
      if (fitted?.messages.some((message) => message.id?.startsWith(SUMMARY_ID_PREFIX))) deep = true;
      recent = fitted
        ? {
            range: fitted.range,
            messages: fitted.messages,
            ...(fitted.warnings.length > 0 ? { warnings: fitted.warnings } : {}),
          }
        : undefined;
    }
    const exclude = [first, recent?.range].filter((range): range is TurnRange => range !== undefined);
    const whole = turnRange(0, turnMap.turnCount() - 1);
    const middle = whole && (isMostRecent ? middleOf(whole, exclude) : whole);
    const middleAllPinned =
      middle !== undefined && rangeMessages(middle).every((message) => pinnedSet.has(message));
    const outside = new Set([...rangeMessages(first), ...rangeMessages(recent?.range)]);
    const middlePins = pinned.filter((pin) => !outside.has(pin.message)).map((pin) => pin.message);
    const summaryRoom = fitting
      ? Math.max(
          0,
          Math.min(
            config.maxSummaryTokens,
            // The summary's budget is for its text; its message adds the role and framing.
            context.budgetTokens -
              PRIMING_TOKENS -
              counter.countMessage({ role: 'user', content: '' }) -
              cost(rangeMessages(first)) -
              cost(recent?.messages ?? []) -
              cost(middlePins) -
              cost(files),
          ),
        )
      : config.maxSummaryTokens;
    return {
      first,
      recent,
      exclude,
      summaryConfig:
        summaryRoom === config.maxSummaryTokens ? config : { ...config, maxSummaryTokens: summaryRoom },
      middlePins,
      middle,
      middleAllPinned,
      files,
      deep,
      warnings,
      createdAt: (context.now?.() ?? new Date()).toISOString(),
      coveredMessages: record.messages.length,
    };
  };
  return { fitting, pinned, pinnedSet, fit };
}

/** The block of a plan and its compacted section: pins and pinned files go first in the compacted section. */
export function finishBlock(plan: SectionPlan, compacted: CompactedSection | undefined): CompactionBlock {
  const block: CompactionBlock = { createdAt: plan.createdAt, coveredMessages: plan.coveredMessages };
  if (plan.first) block.keepFirst = plan.first;
  let recent = plan.recent;
  if (compacted) {
    const extra = [...plan.middlePins, ...plan.files];
    block.keepCompacted =
      extra.length > 0 ? { ...compacted, messages: [...extra, ...compacted.messages] } : compacted;
  } else if (recent && plan.files.length > 0) {
    // No summary: the files go right before the step digest, if there is one (nothing dropped, nothing to restore).
    const at = recent.messages.findIndex((message) => message.id?.startsWith(SUMMARY_ID_PREFIX));
    if (at >= 0) {
      recent = {
        ...recent,
        messages: [...recent.messages.slice(0, at), ...plan.files, ...recent.messages.slice(at)],
      };
    }
  }
  if (recent) block.keepRecent = recent;
  const warnings = [...plan.warnings, ...(recent?.warnings ?? []), ...(compacted?.warnings ?? [])];
  if (warnings.length > 0) block.warnings = warnings;
  return block;
}
