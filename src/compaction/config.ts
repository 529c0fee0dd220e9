import { ValidationError, type ValidationIssue } from '../errors.js';
import { DefaultBlockCompaction } from './default-block-compaction.js';
import { DefaultCompaction } from './default-compaction.js';
import { type CompactionConfig, CompactionScope } from './types.js';

export type { CompactionConfig } from './types.js';

/** Seed defaults. Strategies are created per call so no instance is shared between configs. */
function defaults(): CompactionConfig {
  return {
    compactAtPct: 0.9,
    compactBudgetThresholdPct: 0.05,
    compactionScope: CompactionScope.fixedCount(3),
    keepFirstTurns: 2,
    keepRecentTurns: 10,
    maxSummaryTokens: 2000,
    toolOutputMaxLines: 50,
    toolOutputMaxChars: 8000,
    userMessageVerbatimTokens: 300,
    hysteresisPct: 0.05,
    maxConsecutiveFailures: 3,
    pins: {},
    inMemoryStrategy: new DefaultCompaction(),
    blockStrategy: new DefaultBlockCompaction(),
  };
}

const fractionFields = ['compactAtPct', 'compactBudgetThresholdPct', 'hysteresisPct'] as const;
const countFields = [
  'keepFirstTurns',
  'keepRecentTurns',
  'maxSummaryTokens',
  'toolOutputMaxLines',
  'toolOutputMaxChars',
  'userMessageVerbatimTokens',
  'maxConsecutiveFailures',
] as const;

/**
 * Fills a partial config with the seed's defaults and validates it.
 * @example const config = defineCompactionConfig({ keepRecentTurns: 6 });
 */
export function defineCompactionConfig(overrides: Partial<CompactionConfig> = {}): CompactionConfig {
  const config: CompactionConfig = { ...defaults() };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) (config as unknown as Record<string, unknown>)[key] = value;
  }
  const issues: ValidationIssue[] = [];
  for (const field of fractionFields) {
    const value = config[field];
    if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
      issues.push({
        where: `compaction config: ${field}`,
        message: `expected a fraction in [0, 1], got ${value}`,
      });
    }
  }
  for (const field of countFields) {
    const value = config[field];
    if (!(Number.isInteger(value) && value >= 0)) {
      issues.push({
        where: `compaction config: ${field}`,
        message: `expected a whole number >= 0, got ${value}`,
      });
    }
  }
  const scope = config.compactionScope;
  if (scope.kind === 'fixed-count' && !(Number.isInteger(scope.count) && scope.count >= 0)) {
    issues.push({
      where: 'compaction config: compactionScope',
      message: `FixedCount needs a whole number >= 0, got ${scope.count}`,
    });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return config;
}
