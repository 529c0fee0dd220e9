import type { Usage } from './types.js';

/** Price of one model in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Prices by model id (`openai:gpt-4o`, `anthropic:claude-sonnet-4`, or any exact id such as a local spec). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

const price = (inputPerMillion: number, outputPerMillion: number): ModelPrice => ({
  inputPerMillion,
  outputPerMillion,
});

/**
 * List prices (standard tier, uncached input) as the providers published them in 2025. Prices change: override
 * them with the `prices` option or a JSON file named by `COMPACTKIT_PRICES`. Dated snapshots and `-latest`
 * aliases resolve to their base name (`gpt-4o-2024-08-06` → `gpt-4o`).
 */
export const DEFAULT_PRICES: PriceTable = {
  'openai:gpt-4o': price(2.5, 10),
  'openai:gpt-4o-mini': price(0.15, 0.6),
  'openai:gpt-4.1': price(2, 8),
  'openai:gpt-4.1-mini': price(0.4, 1.6),
  'openai:gpt-4.1-nano': price(0.1, 0.4),
  'openai:o1': price(15, 60),
  'openai:o3': price(2, 8),
  'openai:o3-mini': price(1.1, 4.4),
  'openai:o4-mini': price(1.1, 4.4),
  'openai:gpt-5': price(1.25, 10),
  'openai:gpt-5-mini': price(0.25, 2),
  'openai:gpt-5-nano': price(0.05, 0.4),
  'anthropic:claude-3-haiku': price(0.25, 1.25),
  'anthropic:claude-3-5-haiku': price(0.8, 4),
  'anthropic:claude-haiku-4-5': price(1, 5),
  'anthropic:claude-3-5-sonnet': price(3, 15),
  'anthropic:claude-3-7-sonnet': price(3, 15),
  'anthropic:claude-sonnet-4': price(3, 15),
  'anthropic:claude-sonnet-4-0': price(3, 15),
  'anthropic:claude-sonnet-4-5': price(3, 15),
  'anthropic:claude-3-opus': price(15, 75),
  'anthropic:claude-opus-4': price(15, 75),
  'anthropic:claude-opus-4-0': price(15, 75),
  'anthropic:claude-opus-4-1': price(15, 75),
  'anthropic:claude-opus-4-5': price(5, 25),
};

/** The price of a model id: the exact id first, then the id without a date or `-latest` suffix. */
export function findPrice(modelId: string, table: PriceTable): ModelPrice | undefined {
  const exact = table[modelId];
  if (exact !== undefined) return exact;
  const base = modelId.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, '');
  return base === modelId ? undefined : table[base];
}

/** Cost in US dollars of a call's usage; undefined when the price or either token count is unknown. */
export function computeCostUsd(usage: Usage, modelPrice: ModelPrice | undefined): number | undefined {
  if (modelPrice === undefined || usage.inputTokens === undefined || usage.outputTokens === undefined) {
    return undefined;
  }
  return (
    (usage.inputTokens * modelPrice.inputPerMillion + usage.outputTokens * modelPrice.outputPerMillion) / 1e6
  );
}
