import { createLanguageModel, type LanguageModel } from '../llm/index.js';
import type { Store } from '../store/index.js';

/** A model whose every call is recorded in the store under the run in progress, with an optional call timeout. */
export function recordedModel(
  spec: string,
  options: { store: Store; runId: () => string | undefined; timeoutMs?: number | undefined },
): LanguageModel {
  return createLanguageModel(spec, {
    cache: { recorder: options.store.llmCalls, mode: 'read-write', runId: options.runId },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
