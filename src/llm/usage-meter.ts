import { StructuredOutputError } from './structured-output-error.js';
import type { Completion } from './types.js';

/** Totals of a group of calls (one model, one label, or everything). */
export interface UsageTotals {
  /** Calls made, cached and failed ones included. */
  calls: number;
  /** Calls answered from the record/replay cache. */
  cachedCalls: number;
  /** Calls that threw. */
  failedCalls: number;
  /** Input tokens of the calls whose usage is known: cached ones and invalid structured replies included. */
  inputTokens: number;
  outputTokens: number;
  /** Successful calls whose provider did not report usage: the token sums leave them out. */
  callsWithoutUsage: number;
  /** Money spent on calls actually made (cache hits cost nothing), in US dollars. */
  costUsd: number;
  /** What the cache hits cost when they were first made. */
  savedCostUsd: number;
  /** Successful calls with no known price: the cost sums leave them out. */
  callsWithoutCost: number;
  /** Sum of the calls' latencies (recorded latency for cache hits), in milliseconds. */
  latencyMs: number;
}

/** What a `UsageMeter` has seen, for CLI summaries and reports. */
export interface UsageSummary {
  total: UsageTotals;
  byModel: Record<string, UsageTotals>;
  byLabel: Record<string, UsageTotals>;
}

/** One call as the meter takes it. */
export interface MeteredCall {
  modelId: string;
  /** What the call was for, e.g. the compaction method; calls without one count only by model and in the total. */
  label?: string;
  completion?: Completion;
  /** Set when the call failed. */
  error?: unknown;
}

/**
 * Accumulates calls, tokens, cost and latency per model and per label. `wrapUsageMeter` feeds it; several
 * wrappers (one per method) can share one meter.
 * @example const meter = new UsageMeter(); const model = wrapUsageMeter(base, { meter, label: 'llm-summary' });
 */
export class UsageMeter {
  private readonly total = emptyTotals();
  private readonly byModel = new Map<string, UsageTotals>();
  private readonly byLabel = new Map<string, UsageTotals>();

  /** Adds one call to the total, its model and its label. */
  add(call: MeteredCall): void {
    const groups = [this.total, group(this.byModel, call.modelId)];
    if (call.label !== undefined) groups.push(group(this.byLabel, call.label));
    for (const totals of groups) addCall(totals, call);
  }

  /** A snapshot of the totals; later calls do not change it. */
  summary(): UsageSummary {
    return {
      total: { ...this.total },
      byModel: Object.fromEntries([...this.byModel].map(([key, totals]) => [key, { ...totals }])),
      byLabel: Object.fromEntries([...this.byLabel].map(([key, totals]) => [key, { ...totals }])),
    };
  }
}

function emptyTotals(): UsageTotals {
  return {
    calls: 0,
    cachedCalls: 0,
    failedCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    callsWithoutUsage: 0,
    costUsd: 0,
    savedCostUsd: 0,
    callsWithoutCost: 0,
    latencyMs: 0,
  };
}

function group(groups: Map<string, UsageTotals>, key: string): UsageTotals {
  let totals = groups.get(key);
  if (totals === undefined) {
    totals = emptyTotals();
    groups.set(key, totals);
  }
  return totals;
}

function addCall(totals: UsageTotals, call: MeteredCall): void {
  totals.calls += 1;
  const completion = call.completion;
  if (completion === undefined) {
    totals.failedCalls += 1;
    // An invalid structured reply was still paid for.
    if (call.error instanceof StructuredOutputError && call.error.usage !== undefined) {
      totals.inputTokens += call.error.usage.inputTokens ?? 0;
      totals.outputTokens += call.error.usage.outputTokens ?? 0;
    }
    return;
  }
  const { inputTokens, outputTokens } = completion.usage;
  if (inputTokens === undefined || outputTokens === undefined) totals.callsWithoutUsage += 1;
  totals.inputTokens += inputTokens ?? 0;
  totals.outputTokens += outputTokens ?? 0;
  totals.latencyMs += completion.latencyMs;
  if (completion.cached) totals.cachedCalls += 1;
  if (completion.costUsd === undefined) totals.callsWithoutCost += 1;
  else if (completion.cached) totals.savedCostUsd += completion.costUsd;
  else totals.costUsd += completion.costUsd;
}
