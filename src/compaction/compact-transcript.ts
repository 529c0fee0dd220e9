import { CompactionError } from '../errors.js';
import type { Message } from '../messages/types.js';
import { CompactionEngine, type CompactionEngineOptions } from './compaction-engine.js';
import { createLoopRecord, createSession } from './session.js';
import { TurnMap } from './turn-map.js';
import type { CompactionBlock, TurnRange } from './types.js';

/** What one compaction kept, summarised and dropped, by turn. */
export interface CompactionReport {
  turnCount: number;
  messageCount: number;
  tokensBefore: number;
  tokensAfter: number;
  /** Turns loaded from the originals, untouched. */
  keptVerbatim?: TurnRange;
  /** Recent turns, kept whole but with long tool outputs cut. */
  keptRecent?: TurnRange & { truncatedToolOutputs: number };
  /** Turns replaced by the summary, and the size of its text in tokens. */
  summarised?: TurnRange & { summaryTokens: number };
  /** Turns whose activity, or whose user/system messages, did not fit the summary budget. */
  dropped: { activityTurns: number[]; instructionTurns: number[] };
  warnings: string[];
}

/** Result of compacting one transcript. */
export interface CompactedTranscript {
  messages: Message[];
  block: CompactionBlock;
  report: CompactionReport;
}

/** Options of `compactTranscript`: the engine's, plus a focus and an explicit budget. */
export interface CompactTranscriptOptions extends CompactionEngineOptions {
  focus?: string;
  /**
   * What the compacted context may cost, in tokens, the fixed part (system prompt, tools) included; the engine's
   * target (80% of maxContextTokens by default) when absent.
   */
  budgetTokens?: number;
}

/**
 * The front door for one-off compaction, with `CompactionEngine` for agents.
 * Compacts a whole transcript now with the block strategy (as one loop) and reports what happened.
 * @example const { messages, report } = await compactTranscript(history, { maxContextTokens: 128_000 });
 */
export async function compactTranscript(
  messages: readonly Message[],
  options: CompactTranscriptOptions,
): Promise<CompactedTranscript> {
  const { focus, budgetTokens, ...engineOptions } = options;
  const engine = new CompactionEngine(engineOptions);
  const loop = createLoopRecord({ id: 'transcript', messages });
  const session = createSession('transcript', [loop]);
  const prepared = await engine.prepareSession(session, loop.id, {
    force: true,
    ...(focus ? { focus } : {}),
    ...(budgetTokens !== undefined ? { budgetTokens } : {}),
  });
  const block = prepared.session.loops[0]?.compaction;
  const end = prepared.events.find((event) => event.type === 'compaction-end');
  const failure = prepared.events.find((event) => event.type === 'compaction-fail');
  if (!block || !end) {
    throw new CompactionError(
      failure ? `compaction failed: ${failure.error}` : 'compaction did not run (vetoed)',
    );
  }
  const recent = block.keepRecent;
  const turnMap = TurnMap.fromMessages(loop.messages);
  // Truncation copies only the messages it changed (and the step digest replaces some), so identity tells which outputs were cut.
  const originals = new Set(recent ? turnMap.messagesForRange(recent.range, loop.messages) : []);
  const summaryMessages = block.keepCompacted?.messages ?? [];
  const report: CompactionReport = {
    turnCount: turnMap.turnCount(),
    messageCount: loop.messages.length,
    tokensBefore: prepared.tokensBefore,
    tokensAfter: prepared.tokensAfter,
    ...(block.keepFirst ? { keptVerbatim: block.keepFirst } : {}),
    ...(recent
      ? {
          keptRecent: {
            ...recent.range,
            truncatedToolOutputs: recent.messages.filter(
              (message) => message.role === 'tool' && !originals.has(message),
            ).length,
          },
        }
      : {}),
    ...(block.keepCompacted
      ? {
          summarised: {
            ...block.keepCompacted.range,
            // The summary's own text, comparable with maxSummaryTokens (message overhead is in tokensAfter).
            summaryTokens: summaryMessages.reduce(
              (sum, message) => sum + engine.counter.countText(message.content),
              0,
            ),
          },
        }
      : {}),
    dropped: block.keepCompacted?.omitted ?? { activityTurns: [], instructionTurns: [] },
    warnings: end.type === 'compaction-end' ? end.warnings : [],
  };
  return { messages: prepared.messages, block, report };
}
