import { ValidationError, type ValidationIssue } from '../errors.js';
import { DefaultBlockCompaction } from './default-block-compaction.js';
import { DefaultCompaction } from './default-compaction.js';
import { type BlockCompactionStrategy, CompactionScope, type CompactionStrategy } from './types.js';

/** Full compaction policy: when to compact and how. Every field has the seed's default. */
export interface CompactionConfig {
  // When to compact.
  /** Fraction of maxContextTokens at which headroom is measured. Default 0.90. */
  compactAtPct: number;
  /** Compaction fires once headroom below `compactAtPct` is smaller than this fraction. Default 0.05. */
  compactBudgetThresholdPct: number;
  /** How many earlier loops to compact and load. Default FixedCount(3). */
  compactionScope: CompactionScope;
  // How to compact.
  /** Turns kept verbatim from the start of the most recent loop. Default 2. */
  keepFirstTurns: number;
  /** Turns kept from the end (whole turns, so tool pairs stay together). Default 10. */
  keepRecentTurns: number;
  /** Token budget of the summarised middle section. Default 2,000. */
  maxSummaryTokens: number;
  /** Max lines per tool output in the recent section. Default 50. */
  toolOutputMaxLines: number;
  /** Max characters per tool output in the recent section (a 1 MB single line is not "one line"). Default 8,000. */
  toolOutputMaxChars: number;
  /** A user message in the middle up to this many tokens is kept verbatim, longer ones are digested. Default 300. */
  userMessageVerbatimTokens: number;
  /** After a compaction, usage must grow by this fraction of maxContextTokens before it fires again. Default 0.05. */
  hysteresisPct: number;
  /** Consecutive failed or ineffective compactions before the trigger stops firing. Default 3. */
  maxConsecutiveFailures: number;
  /** Strategy for the stateless path (no session). Default DefaultCompaction. */
  inMemoryStrategy: CompactionStrategy;
  /** Strategy for the session path (overlays on loop records). Default DefaultBlockCompaction. */
  blockStrategy: BlockCompactionStrategy;
}

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
