import { describe, expect, it } from 'vitest';
import {
  assembleBlock,
  type BlockCompactionStrategy,
  CompactionEngine,
  DefaultBlockCompaction,
  turnRange,
} from '../../src/compaction/index.js';
import { blockStrategyAsCompactor } from '../../src/compactors/engine-bridges/block-strategy-as-compactor.js';
import { renderTranscriptText } from '../../src/compactors/shared/render-transcript-text.js';
import { CompactionError } from '../../src/errors.js';
import type { Message } from '../../src/messages/types.js';
import { eliteTranscript, runDrift } from './deterministic-method-helpers.js';

const transcript = eliteTranscript('hard', 41);
const turnCount = new Set(transcript.map((message) => message.turn)).size;
const turns = (from: number, to: number): Message[] =>
  transcript.filter((message) => (message.turn as number) >= from && (message.turn as number) <= to);

/** Keeps the default first and recent turns and drops the middle without a summary. */
function dropMiddle(): BlockCompactionStrategy {
  const sections = new DefaultBlockCompaction();
  const strategy: BlockCompactionStrategy = {
    keepFirst: (input) => sections.keepFirst(input),
    keepRecent: (input) => sections.keepRecent(input),
    keepCompacted: ({ exclude, turnMap }) => {
      const range = turnRange(
        (exclude[0]?.endTurn ?? -1) + 1,
        (exclude[1]?.startTurn ?? turnMap.turnCount()) - 1,
      );
      return range && { range, messages: [], warnings: ['the middle was dropped'] };
    },
    compact: (input) => assembleBlock({ ...input, strategy }),
  };
  return strategy;
}

describe('blockStrategyAsCompactor', () => {
  it('turns any block strategy into a compactor whose text is the context the engine builds', async () => {
    const compactor = blockStrategyAsCompactor(dropMiddle(), {
      name: 'drop-middle',
      version: '0.1.0',
      // A window the transcript fits: the sections stay as the strategy made them (no fitting to a budget).
      maxContextTokens: 1_000_000,
      config: {
        keepFirstTurns: 1,
        keepRecentTurns: 2,
        toolOutputMaxLines: 100_000,
        toolOutputMaxChars: 10_000_000,
      },
    });
    expect(compactor).toMatchObject({ name: 'drop-middle', version: '0.1.0' });
    const artifact = await compactor.compact({ transcript }, {});
    expect(artifact.summaryText).toBe(
      renderTranscriptText([...turns(0, 0), ...turns(turnCount - 2, turnCount - 1)]),
    );
    expect(artifact.warnings).toEqual(['loop transcript: the middle was dropped']);
    expect(artifact.selectedSourceTurnIds).toEqual([0, turnCount - 2, turnCount - 1]);
  });

  it('aims the strategy at the engine target of maxContextTokens, or at the budget when one is set', async () => {
    const seen: number[] = [];
    const inner = new DefaultBlockCompaction();
    const watching: BlockCompactionStrategy = {
      keepFirst: (input) => inner.keepFirst(input),
      keepRecent: (input) => inner.keepRecent(input),
      keepCompacted: (input) => inner.keepCompacted(input),
      compact: (input) => {
        seen.push(input.context.budgetTokens);
        return inner.compact(input);
      },
    };
    const compactor = blockStrategyAsCompactor(watching, {
      name: 'w',
      version: '1',
      maxContextTokens: 50_000,
    });
    await compactor.compact({ transcript }, {});
    await compactor.compact({ transcript, budgetTokens: 1_000_000 }, {});
    expect(seen).toEqual([new CompactionEngine({ maxContextTokens: 50_000 }).targetTokens, 1_000_000]);
  });

  it('rejects a block that would load a turn twice, naming the problem', async () => {
    const sections = new DefaultBlockCompaction();
    const broken: BlockCompactionStrategy = {
      keepFirst: (input) => sections.keepFirst(input),
      keepRecent: (input) => sections.keepRecent(input),
      keepCompacted: () => ({ range: { startTurn: 0, endTurn: 3 }, messages: [] }),
      compact: (input) => assembleBlock({ ...input, strategy: broken }),
    };
    const compactor = blockStrategyAsCompactor(broken, { name: 'broken', version: '1' });
    await expect(compactor.compact({ transcript }, {})).rejects.toThrow(CompactionError);
    await expect(compactor.compact({ transcript }, {})).rejects.toThrow(/overlaps keepFirst/);
  });

  it('lets the strategy digest the previous artifact like any message when it falls in the middle', async () => {
    const compactor = blockStrategyAsCompactor(new DefaultBlockCompaction(), {
      name: 'tight',
      version: '1',
      config: { keepFirstTurns: 0, keepRecentTurns: 1 },
    });
    const { artifacts } = await runDrift(compactor, transcript, 2);
    const [, first, second] = artifacts;
    // The head (previous artifact) is turn 0 of the context and the new turn is recent: the head is digested.
    expect(first!.summaryText).toMatch(/^user: \[Compacted summary of turns 0-0 of loop transcript/);
    expect(second!.summaryText).toMatch(/^user: \[Compacted summary of turns 0-0 of loop transcript/);
    expect(second!.summaryText.endsWith(`[turn ${turnCount + 1}] assistant: Drift reply 2: on it.`)).toBe(
      true,
    );
    // What the digest drew on is still named: every earlier turn plus the new one.
    expect(second!.selectedSourceTurnIds).toEqual(Array.from({ length: turnCount + 2 }, (_, turn) => turn));
  });
});
