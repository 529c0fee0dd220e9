import { ProviderError } from './provider-error.js';
import { sleep } from './sleep.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/** Options of `wrapRetry`. */
export interface RetryOptions {
  /** Requests at most, the first included; 4 when absent. 1 turns retrying off. */
  maxAttempts?: number;
  /** First backoff ceiling in milliseconds, doubled each attempt; 500 when absent. */
  baseDelayMs?: number;
  /** Largest wait in milliseconds; a `Retry-After` longer than this is not waited for. 60 000 when absent. */
  maxDelayMs?: number;
  /** Source of randomness in [0, 1) for the jitter; `Math.random` when absent (timing only, never results). */
  random?: () => number;
  /**
   * How a wait between attempts is spent; a real timer (`sleep`) when absent. A test passes one that records
   * the delays, so it checks the backoff exactly instead of timing it.
   */
  wait?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

/** Defaults of `wrapRetry`. */
export const DEFAULT_RETRY = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 60_000 } as const;

/**
 * Retries retryable `ProviderError`s (429, 5xx, network errors, timeouts) with exponential backoff and full
 * jitter, waiting exactly as long as a `Retry-After` asks. Other errors, other 4xx and a caller's abort are
 * thrown at once. The thrown `ProviderError` carries the number of attempts made.
 * @example const model = wrapRetry(createProviderModel('openai:gpt-4o-mini'), { maxAttempts: 6 });
 */
export function wrapRetry(model: LanguageModel, options: RetryOptions = {}): LanguageModel {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_RETRY.maxAttempts);
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const random = options.random ?? Math.random;
  const wait = options.wait ?? sleep;
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await model.complete(request);
        } catch (error) {
          if (!(error instanceof ProviderError) || request.signal?.aborted) throw error;
          const counted = error.attempts === 0 ? error : error.withAttempts(attempt);
          if (!error.isRetryable || attempt >= maxAttempts) throw counted;
          const backoff = random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
          const delay = error.retryAfterMs ?? backoff;
          if (delay > maxDelayMs) throw counted;
          await wait(delay, request.signal);
        }
      }
    },
  };
}
