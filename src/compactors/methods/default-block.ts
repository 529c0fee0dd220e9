import { compactMessages } from '../../compaction/compact-messages.js';
import { CompactionEngine } from '../../compaction/compaction-engine.js';
import { defineCompactionConfig } from '../../compaction/config.js';
import { DefaultBlockCompaction } from '../../compaction/default-block-compaction.js';
import type { CompactionConfig } from '../../compaction/types.js';
import {
  ARTIFACT_PINS,
  artifactOfEntries,
  blockStrategyAsCompactor,
  compactedEntries,
  compactorContext,
  DEFAULT_MAX_CONTEXT_TOKENS,
} from '../engine-bridges/block-strategy-as-compactor.js';
import type { MethodDefinition, MethodOptions } from '../registry/method-definition.js';
import type { Compactor } from '../types.js';

const NAME = 'default-block';
const VERSION = '1.0.0';
/** The engine's own defaults, so this method's defaults follow them. */
const engine = defineCompactionConfig();

type EngineOptions = Pick<
  CompactionConfig,
  'keepFirstTurns' | 'keepRecentTurns' | 'maxSummaryTokens' | 'toolOutputMaxLines'
>;

/**
 * `default-block`: the compaction engine's own result as an artifact. With `strategy: 'block'` (default) it is
 * DefaultBlockCompaction: the first `keepFirstTurns` turns verbatim, a digest of the middle of at most
 * `maxSummaryTokens`, and the last `keepRecentTurns` turns with tool outputs cut to `toolOutputMaxLines`. With
 * `'legacy'` it is `compactMessages`' three levels (truncate outputs, summarise the middle, drop it), each only
 * while the context is over the engine's budget. That budget is `budgetTokens` when the run sets one, else the
 * engine's target for a `maxContextTokens` window (80% of it). In a drift cycle the previous artifact's text is
 * the head of the context, as one user message, before the new turns. The engine's warnings become the
 * artifact's.
 */
export const defaultBlockMethod: MethodDefinition = {
  name: NAME,
  version: VERSION,
  description:
    "The engine's compaction: first turns verbatim, a digest of the middle, recent turns cut short.",
  needsModel: false,
  deterministic: true,
  options: {
    strategy: {
      type: 'string',
      default: 'block',
      choices: ['block', 'legacy'],
      description: 'block: DefaultBlockCompaction; legacy: the three-level compactMessages.',
    },
    keepFirstTurns: {
      type: 'integer',
      default: engine.keepFirstTurns,
      min: 0,
      description: `Turns kept verbatim from the start (engine default ${engine.keepFirstTurns}).`,
    },
    keepRecentTurns: {
      type: 'integer',
      default: engine.keepRecentTurns,
      min: 0,
      description: `Recent turns kept whole, tool outputs cut (engine default ${engine.keepRecentTurns}).`,
    },
    maxSummaryTokens: {
      type: 'integer',
      default: engine.maxSummaryTokens,
      min: 0,
      description: `Token budget of the digest of the middle (engine default ${engine.maxSummaryTokens}).`,
    },
    toolOutputMaxLines: {
      type: 'integer',
      default: engine.toolOutputMaxLines,
      min: 1,
      description: `Lines kept of each recent tool output (engine default ${engine.toolOutputMaxLines}).`,
    },
    maxContextTokens: {
      type: 'integer',
      default: DEFAULT_MAX_CONTEXT_TOKENS,
      min: 1,
      description: `The window the engine serves when the run sets no budget (default ${DEFAULT_MAX_CONTEXT_TOKENS}).`,
    },
  },
  create(options) {
    const config = engineOptions(options);
    const maxContextTokens = Number(options.maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS);
    if (options.strategy === 'legacy') return legacyCompactor(config, maxContextTokens);
    return blockStrategyAsCompactor(new DefaultBlockCompaction(), {
      name: NAME,
      version: VERSION,
      config,
      maxContextTokens,
    });
  },
};

function engineOptions(options: MethodOptions): EngineOptions {
  const pick = (key: keyof EngineOptions) => Number(options[key] ?? engine[key]);
  return {
    keepFirstTurns: pick('keepFirstTurns'),
    keepRecentTurns: pick('keepRecentTurns'),
    maxSummaryTokens: pick('maxSummaryTokens'),
    toolOutputMaxLines: pick('toolOutputMaxLines'),
  };
}

/** The legacy path: `compactMessages` on the context, which meets the budget by itself when it can. */
function legacyCompactor(config: EngineOptions, maxContextTokens: number): Compactor {
  return {
    name: NAME,
    version: VERSION,
    deterministic: true,
    async compact(input, runContext) {
      runContext.signal?.throwIfAborted();
      const compactionEngine = new CompactionEngine({
        maxContextTokens,
        config: { pins: ARTIFACT_PINS, ...config },
      });
      const context = compactorContext(input);
      const budget = input.budgetTokens ?? compactionEngine.targetTokens;
      const result = compactMessages({
        messages: context.messages,
        config: compactionEngine.config,
        context: { counter: compactionEngine.counter, budgetTokens: budget },
      });
      return artifactOfEntries(compactedEntries(result.messages, context), input.budgetTokens, {
        warnings: result.warnings,
        methodMetadata: { engineBudgetTokens: budget, level: result.level },
      });
    },
  };
}
