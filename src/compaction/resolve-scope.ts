import type { TokenCounter } from '../tokens/types.js';
import type { CompactionScope, LoopRecord } from './types.js';

/**
 * The per-loop estimate TokenBudget accumulates: the loop's raw messages. Raw, not its summary, so the scope
 * resolves the same before and after a compaction: compaction and context loading must agree on which loops
 * are in scope, or loading would reach back to loops that were never compacted.
 */
export function estimateLoopTokens(loop: LoopRecord, counter: TokenCounter): number {
  return counter.countMessages(loop.messages);
}

/** Options of `resolveScope`. */
export interface ResolveScopeOptions {
  /** The active chain, root first, the current loop last (see `activeChain`). */
  chain: readonly LoopRecord[];
  scope: CompactionScope;
  maxContextTokens: number;
  counter: TokenCounter;
}

/**
 * Resolves a scope to how many earlier loops (before the last loop of `chain`) are compacted and loaded.
 * FixedCount(n) takes up to n. TokenBudget walks back from the current loop, adding each loop's estimate,
 * and stops before `maxContextTokens` would be exceeded; it always takes the loop right before the current
 * one, even when that loop's raw messages alone exceed the budget, since its summary will fit.
 */
export function resolveScope(options: ResolveScopeOptions): number {
  const { chain, scope, maxContextTokens, counter } = options;
  const earlier = Math.max(0, chain.length - 1);
  if (scope.kind === 'fixed-count') return Math.min(scope.count, earlier);
  const current = chain[chain.length - 1];
  let used = current ? counter.countMessages(current.messages) : 0;
  let count = 0;
  for (let index = chain.length - 2; index >= 0; index--) {
    const loop = chain[index] as LoopRecord;
    const cost = estimateLoopTokens(loop, counter);
    if (count > 0 && used + cost > maxContextTokens) break;
    used += cost;
    count++;
  }
  return count;
}
