import { describe, expect, it } from 'vitest';
import * as compactkit from '../src/index.js';

describe('the package exports every concept of seed 002 under its camelCase name', () => {
  it.each([
    'TurnMap',
    'turnRange',
    'CompactionScope',
    'DefaultCompaction',
    'DefaultBlockCompaction',
    'compactMessages',
    'compactSessionLoops',
    'buildContextFromSession',
    'resolveScope',
    'defineCompactionConfig',
    'ContextTracker',
    'CompactionTrigger',
    'shouldCompact',
    'CompactionEngine',
    'createLoopRecord',
    'createSession',
    'assembleBlock',
    'repairToolPairs',
    'createTokenCounter',
    'countTextTokens',
    'readTranscript',
    'toOpenAIMessages',
    'fromAnthropicMessages',
    'toModelMessages',
    'createLanguageModel',
    'openStore',
  ])('%s', (name) => {
    expect((compactkit as Record<string, unknown>)[name]).toBeDefined();
  });

  it('CompactionScope has the seed variants with the seed default count', () => {
    expect(compactkit.CompactionScope.fixedCount(3)).toEqual({ kind: 'fixed-count', count: 3 });
    expect(compactkit.CompactionScope.tokenBudget()).toEqual({ kind: 'token-budget' });
    expect(compactkit.defineCompactionConfig().compactionScope).toEqual(
      compactkit.CompactionScope.fixedCount(3),
    );
  });
});
