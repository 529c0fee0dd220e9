import { raceAbort } from './race-abort.js';
import { sleep } from './sleep.js';

/**
 * A first-come-first-served token bucket refilled at `perMinute / 60` tokens per second that holds at most one
 * second's worth (at least 1), so a per-minute limit is spread evenly rather than spent in one burst (providers
 * enforce their limits over short windows too). A take larger than the capacity waits for a full bucket and
 * leaves it in debt, so large requests are neither starved nor allowed to exceed the rate on average.
 */
export class TokenBucket {
  readonly capacity: number;
  private readonly refillPerMs: number;
  private readonly now: () => number;
  private tokens: number;
  private updatedAt: number;
  private tail: Promise<void> = Promise.resolve();

  constructor(perMinute: number, now: () => number = () => performance.now()) {
    if (!(perMinute > 0)) throw new RangeError(`a per-minute limit must be positive, got ${perMinute}`);
    this.capacity = Math.max(1, perMinute / 60);
    this.refillPerMs = perMinute / 60_000;
    this.now = now;
    this.tokens = this.capacity;
    this.updatedAt = now();
  }

  /** Tokens available now (negative while in debt). */
  get available(): number {
    this.refill();
    return this.tokens;
  }

  /** Waits until `amount` tokens can be taken, after everyone who asked earlier, then takes them. */
  async take(amount: number, signal?: AbortSignal): Promise<void> {
    const previous = this.tail;
    let release = () => {};
    this.tail = new Promise((resolve) => {
      release = resolve;
    });
    try {
      await raceAbort(previous, signal);
      for (;;) {
        this.refill();
        const needed = Math.min(amount, this.capacity);
        if (this.tokens >= needed) {
          this.tokens -= amount;
          return;
        }
        await sleep(Math.ceil((needed - this.tokens) / this.refillPerMs), signal);
      }
    } finally {
      // Whoever comes next still waits for everyone before this take, even when this one was aborted.
      void previous.then(release);
    }
  }

  /** Takes tokens without waiting, e.g. output tokens known only after the call; may leave the bucket in debt. */
  debit(amount: number): void {
    this.refill();
    this.tokens -= amount;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * this.refillPerMs);
    this.updatedAt = now;
  }
}
