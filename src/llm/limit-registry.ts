import PQueue from 'p-queue';
import { ValidationError } from '../errors.js';
import { createTokenCounter, type TokenCounter } from '../tokens/index.js';
import { raceAbort } from './race-abort.js';
import { TokenBucket } from './token-bucket.js';

/** Limits of one model; every field is optional and absent means unlimited. */
export interface LimitSettings {
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests started per minute. */
  requestsPerMinute?: number;
  /** Tokens per minute: estimated input tokens when a request starts, output tokens when it ends. */
  tokensPerMinute?: number;
}

/** The queue and buckets that every wrapper of one model id shares. */
export class ModelLimiter {
  readonly settings: Readonly<LimitSettings>;
  private readonly queue: PQueue;
  private readonly requests: TokenBucket | undefined;
  private readonly tokens: TokenBucket | undefined;

  constructor(settings: LimitSettings) {
    this.settings = { ...settings };
    this.queue = new PQueue({ concurrency: settings.concurrency ?? Number.POSITIVE_INFINITY });
    this.requests = settings.requestsPerMinute ? new TokenBucket(settings.requestsPerMinute) : undefined;
    this.tokens = settings.tokensPerMinute ? new TokenBucket(settings.tokensPerMinute) : undefined;
  }

  /** Requests running now. */
  get inFlight(): number {
    return this.queue.pending;
  }

  /** Runs the task once a concurrency slot is free and the rate buckets allow it; an abort leaves the queue. */
  run<T>(estimatedTokens: number, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    const queued = this.queue.add(
      async () => {
        // Rates are taken inside the slot, so queued requests cannot start in a burst later.
        await this.requests?.take(1, signal);
        await this.tokens?.take(estimatedTokens, signal);
        return task();
      },
      { signal, throwOnTimeout: true },
    );
    return raceAbort(queued, signal);
  }

  /** Counts tokens learnt after the call (the output) against the tokens-per-minute limit. */
  debitTokens(amount: number): void {
    this.tokens?.debit(amount);
  }
}

/**
 * Holds one `ModelLimiter` per model id, so that every wrapper of the same model shares its limits. Create one
 * per process (or per run) and pass it to `wrapLimits`; there is no hidden global one.
 * @example const limits = new LimitRegistry(); wrapLimits(model, { registry: limits, concurrency: 4 });
 */
export class LimitRegistry {
  private readonly limiters = new Map<string, ModelLimiter>();
  private counter: TokenCounter | undefined;

  /** The limiter of a model id, created with these settings on first use. */
  limiterFor(modelId: string, settings: LimitSettings): ModelLimiter {
    const existing = this.limiters.get(modelId);
    if (existing === undefined) {
      checkSettings(modelId, settings);
      const limiter = new ModelLimiter(settings);
      this.limiters.set(modelId, limiter);
      return limiter;
    }
    if (!sameSettings(existing.settings, settings)) {
      throw new ValidationError([
        {
          where: `limits of ${modelId}`,
          message:
            `already set to ${JSON.stringify(existing.settings)}, got ${JSON.stringify(settings)}; ` +
            'all wrappers of one model share its limits: pass the same limits or use another LimitRegistry',
        },
      ]);
    }
    return existing;
  }

  /** The token counter used to estimate input tokens, shared so its per-message cache is reused. */
  get tokenCounter(): TokenCounter {
    this.counter ??= createTokenCounter();
    return this.counter;
  }
}

const FIELDS = ['concurrency', 'requestsPerMinute', 'tokensPerMinute'] as const;

function sameSettings(first: LimitSettings, second: LimitSettings): boolean {
  return FIELDS.every((field) => first[field] === second[field]);
}

function checkSettings(modelId: string, settings: LimitSettings): void {
  const issues = FIELDS.filter((field) => {
    const value = settings[field];
    return value !== undefined && !(value > 0);
  }).map((field) => ({ where: `limits of ${modelId}.${field}`, message: 'must be a positive number' }));
  if (issues.length > 0) throw new ValidationError(issues);
}
