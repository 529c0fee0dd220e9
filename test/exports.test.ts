import { describe, expect, it } from 'vitest';
import * as compaction from '../src/compaction/index.js';
import * as compactkit from '../src/index.js';

/**
 * Seed 002's concepts under their camelCase names: the front doors at the package root, the building blocks (the
 * turn arithmetic, the three compaction levels' parts) at `compactkit/compaction` (see test/architecture for the
 * snapshot of every entry point).
 */
describe('the package exports every concept of seed 002 under its camelCase name', () => {
  it.each([
    'TurnMap',
    'CompactionScope',
    'DefaultCompaction',
    'DefaultBlockCompaction',
    'defineCompactionConfig',
    'ContextTracker',
    'CompactionTrigger',
    'CompactionEngine',
    'createLoopRecord',
    'createSession',
    'repairToolPairs',
    'createTokenCounter',
    'countTextTokens',
    'readTranscript',
    'toOpenAIMessages',
    'fromAnthropicMessages',
    'toModelMessages',
    'createLanguageModel',
    'openStore',
  ])('%s at the root', (name) => {
    expect((compactkit as Record<string, unknown>)[name]).toBeDefined();
  });

  it.each([
    'turnRange',
    'compactMessages',
    'compactSessionLoops',
    'buildContextFromSession',
    'resolveScope',
    'shouldCompact',
    'assembleBlock',
  ])('%s at compactkit/compaction', (name) => {
    expect((compaction as Record<string, unknown>)[name]).toBeTypeOf('function');
  });

  it('CompactionScope has the seed variants with the seed default count', () => {
    expect(compactkit.CompactionScope.fixedCount(3)).toEqual({ kind: 'fixed-count', count: 3 });
    expect(compactkit.CompactionScope.tokenBudget()).toEqual({ kind: 'token-budget' });
    expect(compactkit.defineCompactionConfig().compactionScope).toEqual(
      compactkit.CompactionScope.fixedCount(3),
    );
  });
});
