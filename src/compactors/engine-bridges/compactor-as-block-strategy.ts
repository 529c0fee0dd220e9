import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { parseArtifact } from '../../artifact/parse-artifact.js';
import { renderArtifact } from '../../artifact/render-artifact.js';
import { assembleBlock } from '../../compaction/assemble-block.js';
import { DefaultBlockCompaction } from '../../compaction/default-block-compaction.js';
import { SUMMARY_ID_PREFIX } from '../../compaction/summary-id.js';
import { middleOf, turnRange } from '../../compaction/turn-range.js';
import type {
  BlockCompactionStrategy,
  BlockSectionInput,
  CompactedSection,
  LoopRecord,
  TurnRange,
} from '../../compaction/types.js';
import type { LanguageModel } from '../../llm/types.js';
import type { Message } from '../../messages/types.js';
import type { Compactor } from '../types.js';

/** Options of `compactorAsBlockStrategy`. */
export interface CompactorBlockStrategyOptions {
  /**
   * Where the keepFirst and keepRecent sections come from: the default strategy's (keepFirstTurns verbatim,
   * keepRecentTurns with tool outputs cut) when absent. `{ keepFirst: () => undefined, keepRecent: () =>
   * undefined }` hands the compactor the whole loop.
   */
  sections?: Pick<BlockCompactionStrategy, 'keepFirst' | 'keepRecent'>;
  /** Role of the message that carries the artifact: `user` (default, as the engine's own summary) or `system`. */
  role?: 'user' | 'system';
  /** The model an LLM-based compactor needs. */
  model?: LanguageModel;
}

/** What one compaction of a loop left, so the next compaction of the same loop can carry it forward. */
interface Carried {
  artifact: CompactionArtifact;
  /** Message indices `[start, end)` the artifact covers. */
  start: number;
  end: number;
  first: Message | undefined;
  last: Message | undefined;
  /** The section message's text: the loop's current overlay must show it for the artifact to be carried on. */
  content: string;
}

/** Loops remembered per strategy; a long-lived agent compacts a handful of loops, not thousands. */
const MAX_CARRIED_LOOPS = 64;

/**
 * Any compactor as the engine's block strategy: keepFirst and keepRecent as the default strategy makes them
 * (or `options.sections`), and the compacted section one message holding the rendered artifact of its turns,
 * made with `budgetTokens` = `maxSummaryTokens`. When the same loop is compacted again and its section only
 * grew, the compactor gets its previous artifact and just the turns added since, as in a benchmark drift
 * cycle; otherwise it starts over.
 * @example
 * const engine = new CompactionEngine({ maxContextTokens: 128_000,
 *   config: { blockStrategy: compactorAsBlockStrategy(instantiateMethod(truncateLastNMethod)) } });
 */
export function compactorAsBlockStrategy(
  compactor: Compactor,
  options: CompactorBlockStrategyOptions = {},
): BlockCompactionStrategy {
  const sections = options.sections ?? new DefaultBlockCompaction();
  const role = options.role ?? 'user';
  const carried = new Map<string, Carried>();
  const strategy: BlockCompactionStrategy = {
    keepFirst: (input) => sections.keepFirst(input),
    keepRecent: (input) => sections.keepRecent(input),
    async keepCompacted(input) {
      const { record, turnMap, config, context } = input;
      const whole = turnRange(0, turnMap.turnCount() - 1);
      const range = whole && (input.isMostRecent ? middleOf(whole, input.exclude) : whole);
      const bounds = range && turnMap.messageBounds(range);
      if (!range || !bounds) return undefined;
      const [start, end] = bounds;
      const previous = carriedFor(carried.get(record.id), record, start, end);
      const artifact =
        previous && previous.end === end
          ? previous.artifact
          : parseArtifact(
              await compactor.compact(
                {
                  transcript: record.messages.slice(previous?.end ?? start, end),
                  ...(previous ? { previousArtifact: previous.artifact } : {}),
                  budgetTokens: config.maxSummaryTokens,
                },
                {
                  ...(options.model ? { model: options.model } : {}),
                  ...(context.signal ? { signal: context.signal } : {}),
                },
              ),
              `method ${compactor.name}, loop ${record.id}`,
            );
      const section = sectionOf(compactor.name, artifact, input, range, role, start);
      const content = section.messages[0]?.content ?? '';
      carried.delete(record.id);
      carried.set(record.id, {
        artifact,
        start,
        end,
        first: record.messages[start],
        last: record.messages[end - 1],
        content,
      });
      if (carried.size > MAX_CARRIED_LOOPS) carried.delete(carried.keys().next().value as string);
      return section;
    },
    compact: (input) => assembleBlock({ ...input, strategy }),
  };
  return strategy;
}

/**
 * The remembered artifact when it still describes the start of this section: same first message, only
 * messages added after it, and the loop's overlay is the one made from it (not another session's or strategy's).
 */
function carriedFor(
  remembered: Carried | undefined,
  record: LoopRecord,
  start: number,
  end: number,
): Carried | undefined {
  if (!remembered || remembered.start !== start || remembered.end > end) return undefined;
  if (
    record.messages[start] !== remembered.first ||
    record.messages[remembered.end - 1] !== remembered.last
  ) {
    return undefined;
  }
  // Pins may sit before the artifact in the section: the artifact is its engine-written message.
  const shown = record.compaction?.keepCompacted?.messages.find((message) =>
    message.id?.startsWith(SUMMARY_ID_PREFIX),
  )?.content;
  return shown === remembered.content ? remembered : undefined;
}

function sectionOf(
  name: string,
  artifact: CompactionArtifact,
  input: BlockSectionInput,
  range: TurnRange,
  role: 'user' | 'system',
  start: number,
): CompactedSection {
  const label = `turns ${range.startTurn}-${range.endTurn} of loop ${input.record.id}`;
  const warnings = artifact.warnings.map((warning) => `${name}: ${warning}`);
  const text = renderArtifact(artifact);
  if (text === '') {
    return { range, messages: [], warnings: [...warnings, `${name} kept nothing of ${label}`] };
  }
  const turn = input.record.messages[start]?.turn;
  const message: Message = {
    id: `${SUMMARY_ID_PREFIX}${name}:loop ${input.record.id}:${range.startTurn}-${range.endTurn}`,
    role,
    // Says what the text stands for, as the engine's own summary header does.
    content: `[Compacted by ${name}: ${label} were replaced by this artifact.]\n${text}`,
    ...(turn === undefined ? {} : { turn }),
  };
  return { range, messages: [message], ...(warnings.length > 0 ? { warnings } : {}) };
}
