import { emptyArtifact } from '../../artifact/empty-artifact.js';
import type { MethodDefinition } from '../registry/method-definition.js';
import {
  ENTRY_LENGTHS_KEY,
  entryLengths,
  fitEntries,
  highestTurn,
  joinEntries,
  numberTurns,
  recoverEntries,
  renderEntry,
  sourceTurnsOf,
  turnStarts,
} from '../shared/kept-entries.js';

/**
 * Same window as the engine's `keepRecentTurns` and as the observation-masking study (Lindenbauer et al.
 * 2025), so the three recent-window methods differ only in what they do with older turns. Elite cases have
 * about 30 turns, so this keeps about a third of one.
 */
const DEFAULT_KEEP_TURNS = 10;

/**
 * `truncate-last-n`: keeps the last `keepTurns` turns verbatim (as `renderTranscriptText` writes them) and
 * drops everything older. In a drift cycle the window slides over what the previous artifact kept plus the
 * new turns. With a budget it drops more of the oldest turns, and cuts the newest turn when that alone is too
 * big. The turns it dropped are counted, over all cycles, in its warning.
 */
export const truncateLastNMethod: MethodDefinition = {
  name: 'truncate-last-n',
  version: '1.0.0',
  description: 'Baseline: keeps the last n turns verbatim and drops the rest.',
  needsModel: false,
  deterministic: true,
  options: {
    keepTurns: {
      type: 'integer',
      default: DEFAULT_KEEP_TURNS,
      min: 1,
      description: 'Turns kept verbatim, newest first (default 10, as the engine keeps recent turns).',
    },
  },
  create(options) {
    const keepTurns = Number(options.keepTurns ?? DEFAULT_KEEP_TURNS);
    return {
      async compact({ transcript, previousArtifact, budgetTokens }, context) {
        context.signal?.throwIfAborted();
        const earlier = recoverEntries(previousArtifact);
        const entries = [
          ...earlier.entries,
          ...numberTurns(transcript, highestTurn(earlier.entries)).map(renderEntry),
        ];
        const starts = turnStarts(entries);
        const windowStart = starts[Math.max(0, starts.length - keepTurns)] ?? entries.length;
        const fitted = fitEntries(entries.slice(windowStart), budgetTokens);
        const droppedBefore = Number(previousArtifact?.methodMetadata.droppedTurns ?? 0) || 0;
        const droppedTurns = droppedBefore + Math.max(0, starts.length - keepTurns) + fitted.droppedTurns;
        const index = entryLengths(fitted.entries);
        const keptTurns = turnStarts(fitted.entries).length;
        const forBudget =
          fitted.droppedTurns > 0 ? ` (${fitted.droppedTurns} of them now, to fit ${fitted.limit})` : '';
        const warnings = [
          ...earlier.warnings,
          ...(droppedTurns > 0
            ? [`dropped ${droppedTurns} older turn(s)${forBudget}; kept the last ${keptTurns} verbatim`]
            : []),
          ...(fitted.cutWarning ? [fitted.cutWarning] : []),
          ...(index.warning ? [index.warning] : []),
        ];
        return {
          ...emptyArtifact(),
          summaryText: joinEntries(fitted.entries),
          selectedSourceTurnIds: sourceTurnsOf(fitted.entries),
          warnings,
          methodMetadata: {
            keepTurns,
            droppedTurns,
            ...(index.lengths ? { [ENTRY_LENGTHS_KEY]: index.lengths } : {}),
          },
        };
      },
    };
  },
};
