import { CompactionEngine, type CompactionEngineOptions } from '../../compaction/compaction-engine.js';
import type { BlockCompactionStrategy, ToolDefinition } from '../../compaction/types.js';
import { compactorAsBlockStrategy } from '../../compactors/engine-bridges/compactor-as-block-strategy.js';
import { loadCompactor } from '../../compactors/registry/load-compactor.js';
import type { Compactor } from '../../compactors/types.js';
import { ValidationError } from '../../errors.js';
import type { LanguageModel } from '../../llm/types.js';

/**
 * Which method compacts what leaves the recent window: `default` (the engine's DefaultBlockCompaction), a
 * built-in method name or a module path as `--method` takes, a Compactor, or a BlockCompactionStrategy.
 */
export type CompactionMethod = 'default' | string | Compactor | BlockCompactionStrategy;

/** Options every integration takes: the engine's, plus the method and the model an LLM method needs. */
export interface IntegrationOptions extends Omit<CompactionEngineOptions, 'tools' | 'systemPrompt'> {
  /** The method; `default` when absent. */
  method?: CompactionMethod;
  /** Options of a method given by name (as `--method-opt`). */
  methodOptions?: Readonly<Record<string, unknown>>;
  /** The model an LLM-based method needs. */
  methodModel?: LanguageModel;
}

/** The engine for an integration, with the method as its block strategy. */
export async function createIntegrationEngine(
  options: IntegrationOptions & { systemPrompt?: string; tools?: readonly ToolDefinition[] },
): Promise<CompactionEngine> {
  const { method, methodOptions, methodModel, ...engineOptions } = options;
  const blockStrategy = await resolveStrategy(method ?? 'default', methodOptions, methodModel);
  return new CompactionEngine({
    ...engineOptions,
    config: { ...engineOptions.config, ...(blockStrategy ? { blockStrategy } : {}) },
  });
}

async function resolveStrategy(
  method: CompactionMethod,
  methodOptions: Readonly<Record<string, unknown>> | undefined,
  model: LanguageModel | undefined,
): Promise<BlockCompactionStrategy | undefined> {
  if (method === 'default' || method === 'default-block') return undefined;
  if (typeof method === 'object' && 'keepCompacted' in method) return method;
  const compactor = typeof method === 'string' ? await loadCompactor(method, methodOptions ?? {}) : method;
  if (compactor.needsModel === true && !model) {
    throw new ValidationError([
      { where: `method ${compactor.name}`, message: 'this method needs a language model: pass methodModel' },
    ]);
  }
  return compactorAsBlockStrategy(compactor, model ? { model } : {});
}
