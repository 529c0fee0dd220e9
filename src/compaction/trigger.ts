import type { CompactionConfig } from './types.js';

/** The seed's threshold: compaction is due when headroom below compactAtPct is under the threshold fraction. */
export function shouldCompact(tokens: number, maxContextTokens: number, config: CompactionConfig): boolean {
  const headroom = maxContextTokens * config.compactAtPct - tokens;
  return headroom < maxContextTokens * config.compactBudgetThresholdPct;
}

/** Why the trigger answered as it did. */
export type TriggerReason = 'threshold' | 'below-threshold' | 'hysteresis' | 'circuit-open';

/** A decision of the trigger. */
export interface TriggerDecision {
  fire: boolean;
  reason: TriggerReason;
}

/** What the trigger remembers between checks. */
export interface TriggerState {
  consecutiveFailures: number;
  circuitOpen: boolean;
  /** Usage must reach this before the trigger fires again. */
  rearmAtTokens: number;
  lastFailure?: string;
}

/**
 * The trigger with memory. Hysteresis: after a compaction it stays quiet until usage has grown by
 * `hysteresisPct` of the window past where compaction left it, so a compaction that frees too little does
 * not re-fire on every turn. Circuit breaker: after `maxConsecutiveFailures` failed or ineffective
 * compactions in a row it stops firing until `reset()`; the engine reports that in an event.
 */
export class CompactionTrigger {
  private readonly config: CompactionConfig;
  private readonly maxContextTokens: number;
  private failures = 0;
  private open = false;
  private rearmAt = 0;
  private lastFailure: string | undefined;

  constructor(config: CompactionConfig, maxContextTokens: number) {
    this.config = config;
    this.maxContextTokens = maxContextTokens;
  }

  /** Usage at which the seed's threshold is crossed. */
  get fireThresholdTokens(): number {
    return this.maxContextTokens * (this.config.compactAtPct - this.config.compactBudgetThresholdPct);
  }

  /** Decides whether to compact at this usage. */
  check(tokens: number): TriggerDecision {
    if (this.open) return { fire: false, reason: 'circuit-open' };
    if (!shouldCompact(tokens, this.maxContextTokens, this.config))
      return { fire: false, reason: 'below-threshold' };
    if (tokens < this.rearmAt) return { fire: false, reason: 'hysteresis' };
    return { fire: true, reason: 'threshold' };
  }

  /** Records a finished compaction; returns whether it brought usage back under the threshold. */
  recordCompaction(tokensAfter: number): { effective: boolean } {
    this.rearmAt = tokensAfter + this.maxContextTokens * this.config.hysteresisPct;
    const effective = !shouldCompact(tokensAfter, this.maxContextTokens, this.config);
    if (effective) {
      this.failures = 0;
      this.lastFailure = undefined;
    } else {
      this.noteFailure(`compaction left ${tokensAfter} tokens, still over the threshold`);
    }
    return { effective };
  }

  /** Records a compaction that threw. */
  recordFailure(message: string): void {
    this.noteFailure(message);
  }

  /** Closes the circuit and forgets failures and hysteresis. */
  reset(): void {
    this.failures = 0;
    this.open = false;
    this.rearmAt = 0;
    this.lastFailure = undefined;
  }

  /** A snapshot of the trigger's memory. */
  get state(): TriggerState {
    return {
      consecutiveFailures: this.failures,
      circuitOpen: this.open,
      rearmAtTokens: this.rearmAt,
      ...(this.lastFailure !== undefined ? { lastFailure: this.lastFailure } : {}),
    };
  }

  private noteFailure(message: string): void {
    this.failures++;
    this.lastFailure = message;
    if (this.failures >= this.config.maxConsecutiveFailures && this.config.maxConsecutiveFailures > 0)
      this.open = true;
  }
}
