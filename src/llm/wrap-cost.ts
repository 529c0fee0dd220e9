import { loadPriceTable, type PriceTableOptions } from './load-price-table.js';
import { computeCostUsd, findPrice } from './price-table.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/**
 * Sets `costUsd` on every completion from the price table (defaults, `COMPACTKIT_PRICES`, then `prices`), when
 * the model's price and both token counts are known; a cost already set is kept.
 * @example const model = wrapCost(base, { prices: { 'ollama:llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 } } });
 */
export function wrapCost(model: LanguageModel, options: PriceTableOptions = {}): LanguageModel {
  const modelPrice = findPrice(model.id, loadPriceTable(options));
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      const completion = await model.complete(request);
      if (completion.costUsd !== undefined) return completion;
      const costUsd = computeCostUsd(completion.usage, modelPrice);
      return costUsd === undefined ? completion : { ...completion, costUsd };
    },
  };
}
