import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { emptyArtifact } from '../../artifact/empty-artifact.js';
import { renderArtifact } from '../../artifact/render-artifact.js';
import { buildContextFromSession } from '../../compaction/build-context-from-session.js';
import { compactSessionLoops } from '../../compaction/compact-session-loops.js';
import { CompactionEngine } from '../../compaction/compaction-engine.js';
import { isPinsOverBudgetError } from '../../compaction/find-pinned.js';
import { createSession } from '../../compaction/session.js';
import { SUMMARY_ID_PREFIX } from '../../compaction/summary-id.js';
import type { BlockCompactionStrategy, CompactionConfig, LoopRecord } from '../../compaction/types.js';
import type { Message } from '../../messages/types.js';
import type { TokenCounter } from '../../tokens/types.js';
import {
  entryLengths,
  fitEntries,
  joinEntries,
  type KeptEntry,
  numberTurns,
  renderEntry,
  sourceTurnsOf,
} from '../shared/kept-entries.js';
import type { Compactor, CompactorInput } from '../types.js';

/** Id of the message that carries the previous artifact at the head of the context. */
export const PREVIOUS_ARTIFACT_MESSAGE_ID = 'compactkit:previous-artifact';

/**
 * The window the engine serves when no option says otherwise. Without `budgetTokens` the strategy is told the
 * engine's target for it (80%, 25,599 tokens), as an agent with a 32k window would be.
 */
export const DEFAULT_MAX_CONTEXT_TOKENS = 32_000;

const LOOP_ID = 'transcript';

/**
 * Pins of a compactor built from a block strategy, unless its config sets others: none. An artifact carries its
 * previous artifact as the head message, which the engine's built-in pins would take for the first request and
 * keep verbatim cycle after cycle; the summary already keeps rule sentences word for word.
 */
export const ARTIFACT_PINS = { builtIn: false, isRule: false } as const;

/** What a block strategy becomes as a compactor. */
export interface BlockStrategyCompactorOptions {
  name: string;
  version: string;
  description?: string;
  /** Engine settings the strategy reads (keepFirstTurns, keepRecentTurns, …); engine defaults otherwise. */
  config?: Partial<Omit<CompactionConfig, 'blockStrategy'>>;
  /** The window the engine serves; see DEFAULT_MAX_CONTEXT_TOKENS. */
  maxContextTokens?: number;
}

/** The context a compactor input stands for: the previous artifact as one user message, then the new turns. */
export interface CompactorContextMessages {
  messages: Message[];
  /** Source turns the previous artifact carries (its `selectedSourceTurnIds`). */
  previousTurns: number[];
  /** Every source turn of the context, the previous artifact's included. */
  allTurns: number[];
}

/** The messages the agent has now: what the previous artifact kept (as one message) followed by the new turns. */
export function compactorContext(input: CompactorInput): CompactorContextMessages {
  const previousTurns = input.previousArtifact?.selectedSourceTurnIds ?? [];
  const previousText = input.previousArtifact ? renderArtifact(input.previousArtifact) : '';
  const highest = previousTurns.reduce((max, turn) => Math.max(max, turn), -1);
  const added = numberTurns(input.transcript, highest);
  // No turn: the head is a turn of its own in the TurnMap and never merges with the first new turn.
  const head: Message[] =
    previousText === '' ? [] : [{ id: PREVIOUS_ARTIFACT_MESSAGE_ID, role: 'user', content: previousText }];
  const allTurns = [...new Set([...previousTurns, ...added.flatMap((message) => message.turn ?? [])])];
  return { messages: [...head, ...added], previousTurns, allTurns };
}

/**
 * Entries of a compacted context: the previous artifact's message as its raw text (so labels never nest), every
 * other message as `renderTranscriptText` writes it; a summary message carries the turns it replaced.
 */
export function compactedEntries(
  compacted: readonly Message[],
  context: CompactorContextMessages,
): KeptEntry[] {
  const isHead = (message: Message) => message.id === PREVIOUS_ARTIFACT_MESSAGE_ID;
  const isSummary = (message: Message) => message.id?.startsWith(SUMMARY_ID_PREFIX) === true;
  const shown = new Set(
    compacted.filter((message) => !isSummary(message) && !isHead(message)).map((message) => message.turn),
  );
  const headShown = compacted.some(isHead);
  const previous = new Set(context.previousTurns);
  const digested = context.allTurns.filter((turn) => !shown.has(turn) && !(headShown && previous.has(turn)));
  return compacted.map((message) => {
    if (isHead(message))
      return { turn: undefined, text: message.content, sourceTurns: context.previousTurns };
    const entry = renderEntry(message);
    return isSummary(message) ? { ...entry, sourceTurns: digested } : entry;
  });
}

/**
 * The artifact of compacted entries: fitted to the budget (oldest turns first) and the character limit,
 * with the entries' lengths in metadata so every cycle's text splits back into messages exactly.
 */
export function artifactOfEntries(
  entries: readonly KeptEntry[],
  budgetTokens: number | undefined,
  extra: { warnings: readonly string[]; methodMetadata: Record<string, unknown> },
): CompactionArtifact {
  const fitted = fitEntries(entries, budgetTokens);
  const index = entryLengths(fitted.entries);
  return {
    ...emptyArtifact(),
    summaryText: joinEntries(fitted.entries),
    selectedSourceTurnIds: sourceTurnsOf(fitted.entries),
    warnings: [...extra.warnings, ...fitted.warnings, ...(index.warning ? [index.warning] : [])],
    methodMetadata: { ...extra.methodMetadata, ...(index.lengths ? { messageLengths: index.lengths } : {}) },
  };
}

/**
 * Any block strategy as a compactor: the context (previous artifact, then the new turns) becomes one loop,
 * the strategy compacts it through the engine (`compactSessionLoops`, `buildContextFromSession`, so tool pairs
 * are repaired as for an agent), and the compacted messages are written out as text. Over `budgetTokens`,
 * the engine runs again with fewer recent turns, no first turns, a smaller summary and shorter tool outputs;
 * what still does not fit loses its oldest turns.
 * @example const compactor = blockStrategyAsCompactor(new DefaultBlockCompaction(), { name: 'block', version: '1.0.0' });
 */
export function blockStrategyAsCompactor(
  strategy: BlockCompactionStrategy,
  options: BlockStrategyCompactorOptions,
): Compactor {
  const maxContextTokens = options.maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS;
  return {
    name: options.name,
    version: options.version,
    ...(options.description === undefined ? {} : { description: options.description }),
    async compact(input, runContext) {
      runContext.signal?.throwIfAborted();
      const engine = new CompactionEngine({
        maxContextTokens,
        config: { pins: ARTIFACT_PINS, ...options.config, blockStrategy: strategy },
      });
      const context = compactorContext(input);
      const budget = input.budgetTokens ?? engine.targetTokens;
      const fitsBudget = (entries: KeptEntry[]) =>
        input.budgetTokens === undefined || engine.counter.countText(joinEntries(entries).trim()) <= budget;
      let outcome: Compacted | undefined;
      let used = engine.config;
      for (const config of tighterConfigs(engine.config)) {
        const { signal } = runContext;
        outcome = await compactOnce(strategy, config, context, maxContextTokens, {
          counter: engine.counter,
          budgetTokens: budget,
          ...(signal ? { signal } : {}),
        });
        used = config;
        if (fitsBudget(outcome.entries)) break;
      }
      const compacted = outcome as Compacted;
      const tightened =
        used === engine.config
          ? []
          : [
              `the compacted context exceeded ${budget} tokens; compacted again with keepFirstTurns ${used.keepFirstTurns}, keepRecentTurns ${used.keepRecentTurns}, maxSummaryTokens ${used.maxSummaryTokens}, toolOutputMaxLines ${used.toolOutputMaxLines}`,
            ];
      return artifactOfEntries(compacted.entries, input.budgetTokens, {
        warnings: [...compacted.warnings, ...tightened],
        methodMetadata: {
          engineBudgetTokens: budget,
          config: {
            keepFirstTurns: used.keepFirstTurns,
            keepRecentTurns: used.keepRecentTurns,
            maxSummaryTokens: used.maxSummaryTokens,
            toolOutputMaxLines: used.toolOutputMaxLines,
          },
        },
      });
    },
  };
}

interface Compacted {
  entries: KeptEntry[];
  warnings: string[];
}

async function compactOnce(
  strategy: BlockCompactionStrategy,
  config: CompactionConfig,
  context: CompactorContextMessages,
  maxContextTokens: number,
  options: { counter: TokenCounter; budgetTokens: number; signal?: AbortSignal },
): Promise<Compacted> {
  const loop: LoopRecord = { id: LOOP_ID, messages: context.messages };
  const shared = { currentLoopId: LOOP_ID, config, maxContextTokens, counter: options.counter };
  const session = createSession(LOOP_ID, [loop]);
  const pinsOff: string[] = [];
  const result = await compactSessionLoops({ ...shared, ...options, session, strategy }).catch((error) => {
    // An artifact must meet its budget: when the pins alone cannot, compact without them and say so.
    if (!isPinsOverBudgetError(error)) throw error;
    pinsOff.push(`${(error as Error).message}; compacted without pins`);
    return compactSessionLoops({
      ...shared,
      ...options,
      config: { ...config, pins: { builtIn: false, isRule: false } },
      session,
      strategy,
    });
  });
  const built = buildContextFromSession({ ...shared, session: result.session });
  return {
    entries: compactedEntries(built.messages, context),
    warnings: [...pinsOff, ...result.warnings, ...built.repairs],
  };
}

/** The config, then ever smaller versions of it; the last turn always stays and the summary keeps 100 tokens. */
function* tighterConfigs(base: CompactionConfig): Generator<CompactionConfig> {
  let config = base;
  yield config;
  while (config.keepRecentTurns > 1) {
    config = { ...config, keepRecentTurns: Math.floor(config.keepRecentTurns / 2) };
    yield config;
  }
  if (config.keepFirstTurns > 0) {
    config = { ...config, keepFirstTurns: 0 };
    yield config;
  }
  while (config.maxSummaryTokens > 100 || config.toolOutputMaxLines > 5) {
    config = {
      ...config,
      maxSummaryTokens: halvedTo(config.maxSummaryTokens, 100),
      toolOutputMaxLines: halvedTo(config.toolOutputMaxLines, 5),
      toolOutputMaxChars: halvedTo(config.toolOutputMaxChars, 500),
    };
    yield config;
  }
}

/** Half the value, but not below the floor, and never more than the value was. */
function halvedTo(value: number, floor: number): number {
  return Math.min(value, Math.max(floor, Math.floor(value / 2)));
}
