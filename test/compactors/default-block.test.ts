import { describe, expect, it } from 'vitest';
import {
  CompactionEngine,
  compactMessages,
  compactTranscript,
  defineCompactionConfig,
} from '../../src/compaction/index.js';
import { defaultBlockMethod } from '../../src/compactors/methods/default-block.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { renderTranscriptText } from '../../src/compactors/shared/render-transcript-text.js';
import { countTextTokens } from '../../src/tokens/index.js';
import { eliteTranscript, runDrift } from './deterministic-method-helpers.js';

const transcript = eliteTranscript('elite', 21);
const block = (options: Record<string, unknown> = {}) => instantiateMethod(defaultBlockMethod, options);

describe('default-block', () => {
  it("takes the engine's defaults and a 32,000-token window", () => {
    const engine = defineCompactionConfig();
    expect(block().config).toEqual({
      strategy: 'block',
      keepFirstTurns: engine.keepFirstTurns,
      keepRecentTurns: engine.keepRecentTurns,
      maxSummaryTokens: engine.maxSummaryTokens,
      toolOutputMaxLines: engine.toolOutputMaxLines,
      maxContextTokens: 32_000,
    });
  });

  it("writes out exactly the messages the engine's block compaction gives, with its warnings", async () => {
    const config = { keepFirstTurns: 1, keepRecentTurns: 3, maxSummaryTokens: 300, toolOutputMaxLines: 8 };
    const artifact = await block(config).compact({ transcript }, {});
    const engine = await compactTranscript(transcript, { maxContextTokens: 32_000, config });
    expect(artifact.summaryText).toBe(renderTranscriptText(engine.messages));
    expect(engine.report.warnings.length).toBeGreaterThan(0);
    expect(artifact.warnings).toEqual(engine.report.warnings);
    expect(artifact.summaryText).toContain('[Compacted summary of turns 1-');
    // Every turn is kept, digested or cut short, so every turn is a source.
    expect(artifact.selectedSourceTurnIds).toEqual([...new Set(transcript.map((message) => message.turn))]);
    expect(countTextTokens(artifact.summaryText)).toBeLessThan(
      countTextTokens(renderTranscriptText(transcript)) / 4,
    );
  });

  it('runs the legacy three levels against the engine target of maxContextTokens', async () => {
    const artifact = await block({ strategy: 'legacy', maxContextTokens: 40_000 }).compact(
      { transcript },
      {},
    );
    const engine = new CompactionEngine({ maxContextTokens: 40_000 });
    const expected = compactMessages({
      messages: transcript,
      config: engine.config,
      context: {
        counter: engine.counter,
        budgetTokens: engine.targetTokens,
      },
    });
    expect(expected.level).toBeGreaterThan(0);
    expect(artifact.summaryText).toBe(renderTranscriptText(expected.messages));
    expect(artifact.methodMetadata).toMatchObject({
      level: expected.level,
      engineBudgetTokens: engine.targetTokens,
    });
    // A window the transcript fits leaves it whole (level 0).
    const roomy = await block({ strategy: 'legacy', maxContextTokens: 1_000_000 }).compact(
      { transcript },
      {},
    );
    expect(roomy.summaryText).toBe(renderTranscriptText(transcript));
  });

  it('puts the previous artifact at the head of the context, so a drift cycle appends without nesting', async () => {
    for (const strategy of ['block', 'legacy']) {
      const { artifacts, history } = await runDrift(block({ strategy }), transcript, 2);
      for (let cycle = 1; cycle <= 2; cycle++) {
        const added = history.filter((message) => message.id?.startsWith(`c${cycle}-`));
        // Head and new turn are the first two turns: both kept verbatim, the head as its own text.
        expect(artifacts[cycle]!.summaryText).toBe(
          `${artifacts[cycle - 1]!.summaryText}\n${renderTranscriptText(added)}`,
        );
        expect(artifacts[cycle]!.selectedSourceTurnIds).toEqual([
          ...artifacts[cycle - 1]!.selectedSourceTurnIds,
          added[0]!.turn,
        ]);
      }
    }
  });

  it('compacts again with smaller sections to meet a budget, and says with which', async () => {
    const artifact = await block().compact({ transcript, budgetTokens: 2_000 }, {});
    expect(countTextTokens(artifact.summaryText.trim())).toBeLessThanOrEqual(2_000);
    expect(artifact.warnings.at(-1)).toMatch(
      /^the compacted context exceeded 2000 tokens; compacted again with keepFirstTurns \d+, keepRecentTurns \d+, maxSummaryTokens \d+, toolOutputMaxLines \d+$/,
    );
    expect(artifact.summaryText).toContain('[Compacted summary of turns ');
    expect(artifact.methodMetadata.engineBudgetTokens).toBe(2_000);
  });
});
