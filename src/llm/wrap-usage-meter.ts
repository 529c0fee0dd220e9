import type { Completion, CompletionRequest, LanguageModel } from './types.js';
import type { UsageMeter } from './usage-meter.js';

/** Options of `wrapUsageMeter`. */
export interface UsageMeterOptions {
  meter: UsageMeter;
  /** What this wrapper's calls are for, e.g. a compaction method name. */
  label?: string;
}

/**
 * Adds every call (successful, cached or failed) to the meter under this model id and label.
 * @example const judge = wrapUsageMeter(model, { meter, label: 'probe-judge' });
 */
export function wrapUsageMeter(model: LanguageModel, options: UsageMeterOptions): LanguageModel {
  const { meter, label } = options;
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      try {
        const completion = await model.complete(request);
        meter.add({ modelId: model.id, label, completion });
        return completion;
      } catch (error) {
        meter.add({ modelId: model.id, label, error });
        throw error;
      }
    },
  };
}
