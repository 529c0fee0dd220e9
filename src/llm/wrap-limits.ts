import type { LimitRegistry, LimitSettings } from './limit-registry.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/** Options of `wrapLimits`: the shared registry and this model's limits. */
export interface LimitOptions extends LimitSettings {
  /** Where the limits of each model id live; wrappers of the same id given the same registry share them. */
  registry: LimitRegistry;
}

/**
 * Applies the model's concurrency, requests-per-minute and tokens-per-minute limits to every request. Input tokens
 * are estimated with the exact cl100k_base counter before the call; output tokens are debited after it.
 * @example const model = wrapLimits(base, { registry, concurrency: 3, requestsPerMinute: 500 });
 */
export function wrapLimits(model: LanguageModel, options: LimitOptions): LanguageModel {
  const { registry, ...settings } = options;
  const limiter = registry.limiterFor(model.id, settings);
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      const estimate = settings.tokensPerMinute === undefined ? 0 : estimateInputTokens(registry, request);
      const completion = await limiter.run(estimate, request.signal, () => model.complete(request));
      limiter.debitTokens(completion.usage.outputTokens ?? 0);
      return completion;
    },
  };
}

function estimateInputTokens(registry: LimitRegistry, request: CompletionRequest<unknown>): number {
  const counter = registry.tokenCounter;
  return counter.countMessages(request.messages) + (request.system ? counter.countText(request.system) : 0);
}
