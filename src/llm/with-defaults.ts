import type { PriceTableOptions } from './load-price-table.js';
import type { LanguageModel } from './types.js';
import { wrapCost } from './wrap-cost.js';
import { type LimitOptions, wrapLimits } from './wrap-limits.js';
import { type RecordReplayOptions, wrapRecordReplay } from './wrap-record-replay.js';
import { type RetryOptions, wrapRetry } from './wrap-retry.js';
import { wrapTimeout } from './wrap-timeout.js';
import { type UsageMeterOptions, wrapUsageMeter } from './wrap-usage-meter.js';

/** The middleware `withDefaults` applies; each is on by default unless it needs something only you can give. */
export interface ModelDefaultsOptions {
  /** Retry settings; `false` turns retrying off. On with `DEFAULT_RETRY` when absent. */
  retry?: RetryOptions | false;
  /** Per-request timeout in milliseconds; `false` turns it off. 120 000 when absent. */
  timeoutMs?: number | false;
  /** Concurrency and rate limits with their shared registry; no limits when absent. */
  limits?: LimitOptions;
  /** Price overrides for `costUsd`; `false` leaves `costUsd` unset. Default prices when absent. */
  cost?: PriceTableOptions | false;
  /** Record/replay through a recorder (the store); no caching when absent. */
  cache?: RecordReplayOptions;
  /** Usage accounting; none when absent. */
  meter?: UsageMeterOptions;
}

/**
 * Wraps any `LanguageModel` in compactkit's middleware, innermost first: timeout (per request), limits, retry,
 * cost, record/replay, usage meter. So a cache hit skips everything below it, each retry waits for the limits
 * again, and the meter sees cached and failed calls too.
 * @example const model = withDefaults(myModel, { cache: { recorder, mode: 'replay-only' }, meter: { meter } });
 */
export function withDefaults(model: LanguageModel, options: ModelDefaultsOptions = {}): LanguageModel {
  let wrapped = model;
  if (options.timeoutMs !== false) wrapped = wrapTimeout(wrapped, { timeoutMs: options.timeoutMs });
  if (options.limits !== undefined) wrapped = wrapLimits(wrapped, options.limits);
  if (options.retry !== false) wrapped = wrapRetry(wrapped, options.retry);
  if (options.cost !== false) wrapped = wrapCost(wrapped, options.cost);
  if (options.cache !== undefined) wrapped = wrapRecordReplay(wrapped, options.cache);
  if (options.meter !== undefined) wrapped = wrapUsageMeter(wrapped, options.meter);
  return wrapped;
}
