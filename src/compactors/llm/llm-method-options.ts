import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import type { MethodOptionSpec, MethodOptions } from '../registry/method-definition.js';

/** `maxInputTokens`: the most transcript tokens one model call gets; longer input keeps its opening and end. */
export const MAX_INPUT_TOKENS_OPTION: MethodOptionSpec = {
  type: 'integer',
  default: 60_000,
  min: 1_000,
  max: 2_000_000,
  description:
    'most transcript tokens sent in one call; longer input keeps its opening and end, with a warning',
};

/** An integer option bounding the size of what the method writes, in tokens. */
export function outputTokensOption(defaultTokens: number, description: string): MethodOptionSpec {
  return { type: 'integer', default: defaultTokens, min: 20, max: 100_000, description };
}

/** The two limits every summarising method takes: the size of what it writes and of what one call reads. */
export interface SummaryLimits {
  maxSummaryTokens: number;
  maxInputTokens: number;
}

/** The summary limits from resolved options (`instantiateMethod` has already checked both). */
export function summaryLimits(options: MethodOptions): SummaryLimits {
  return {
    maxSummaryTokens: options.maxSummaryTokens as number,
    maxInputTokens: options.maxInputTokens as number,
  };
}

/** The size to ask for and enforce: the method's own limit, or the caller's budget when that is tighter. */
export function targetTokens(
  maxTokens: number,
  budgetTokens: number | undefined,
): { tokens: number; limit: string } {
  if (budgetTokens !== undefined && budgetTokens < maxTokens) {
    return { tokens: Math.max(0, budgetTokens), limit: `the budget of ${budgetTokens} tokens` };
  }
  return { tokens: maxTokens, limit: `the limit of ${maxTokens} tokens` };
}

/**
 * `maxTokens` for a reply asked to fit `tokens`: models overshoot a requested length, and JSON spends tokens on
 * quotes and field names, so the hard cap sits above the request; what is still over is trimmed afterwards.
 */
export function replyTokens(tokens: number, json: boolean): number {
  return json ? Math.ceil(tokens * 1.5) + 200 : Math.ceil(tokens * 1.25) + 64;
}

/** The turns the artifact drew on: the previous artifact's, then the new ones, each once. */
export function mergeTurnIds(previous: CompactionArtifact | undefined, turns: readonly number[]): number[] {
  return [...new Set([...(previous?.selectedSourceTurnIds ?? []), ...turns])];
}
