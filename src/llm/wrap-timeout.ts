import { ProviderError } from './provider-error.js';
import { raceAbort } from './race-abort.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/** Options of `wrapTimeout`. */
export interface TimeoutOptions {
  /** Longest wait for one `complete` (one request, or two when a structured reply is repaired), in ms; 120 000 when absent. */
  timeoutMs?: number;
}

/** Default per-request timeout. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Aborts a request (closing its HTTP connection) when it takes longer than `timeoutMs`, throwing a retryable
 * `ProviderError` with reason `timeout`. The caller's own signal still cancels, with its own reason.
 * @example const model = wrapTimeout(createProviderModel('ollama:llama3.1:8b'), { timeoutMs: 600_000 });
 */
export function wrapTimeout(model: LanguageModel, options: TimeoutOptions = {}): LanguageModel {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      request.signal?.throwIfAborted();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const forwardAbort = () => controller.abort(request.signal?.reason);
      request.signal?.addEventListener('abort', forwardAbort, { once: true });
      try {
        // Raced as well, so that a model which ignores its signal still cannot outlast the timeout.
        return await raceAbort(model.complete({ ...request, signal: controller.signal }), controller.signal);
      } catch (error) {
        if (timedOut && !request.signal?.aborted) {
          throw new ProviderError(`${model.id}: no response within ${timeoutMs} ms`, {
            modelId: model.id,
            reason: 'timeout',
            isRetryable: true,
            attempts: 1,
          });
        }
        throw error;
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', forwardAbort);
      }
    },
  };
}
