import { describe, expect, it } from 'vitest';
import type {
  LeaderboardEntry,
  LeaderboardSegment,
} from '../../../src/bench/leaderboard/build-leaderboard.js';
import { formatLeaderboard } from '../../../src/bench/leaderboard/format-leaderboard.js';

function entry(rank: number, method: string, methodConfig: Record<string, unknown>): LeaderboardEntry {
  return {
    rank,
    runId: `run-${rank}`,
    method,
    methodConfig,
    status: 'complete',
    publishedAt: '2026-11-22T00:00:00.000Z',
    eliteScore: 0.9 - rank / 10,
    overall: 0.5,
    driftResistance: 0.5,
    constraintRetention: 0.5,
    contradictionRate: 0,
    compressionRatio: 4,
    compressionBonus: 0.4,
    retention: 0.25 * rank,
    vsOracle: rank === 3 ? null : 0.5 / rank,
    qualified: true,
    failures: [],
    ci: { eliteScore: [0.1, 0.9] } as LeaderboardEntry['ci'],
  };
}

describe('formatLeaderboard', () => {
  it('names only the options that tell two runs of one method apart', () => {
    const segment: LeaderboardSegment = {
      suite: 'elite@1.0.0',
      scorer: '1.0.0',
      target: 'lexical@1.0.0',
      casePlan: 'difficulty hard',
      tier: '4x',
      entries: [
        entry(1, 'truncate-last-n@1.0.0', { keepTurns: 20, mode: 'a' }),
        entry(2, 'truncate-last-n@1.0.0', { keepTurns: 4, mode: 'a' }),
        entry(3, 'structured-state@1.0.0', { maxTokens: 0 }),
      ],
    };
    const lines = formatLeaderboard([segment]).split('\n');
    expect(lines.find((line) => line.startsWith('1 '))).toMatch(
      /^1 +truncate-last-n@1\.0\.0 keepTurns=20 +0\.800/,
    );
    expect(lines.find((line) => line.startsWith('2 '))).toMatch(
      /^2 +truncate-last-n@1\.0\.0 keepTurns=4 +0\.700/,
    );
    // Alone in its segment, a method's options stay out of the way.
    expect(lines.find((line) => line.startsWith('3 '))).toMatch(/^3 +structured-state@1\.0\.0 +0\.600/);
    // Retention and the oracle ratio sit beside the elite score; no oracle ratio reads "-".
    expect(lines.find((line) => line.startsWith('#'))).toMatch(
      /elite +95% CI +retention +vs oracle +overall/,
    );
    expect(lines.find((line) => line.startsWith('2 '))).toMatch(
      /0\.700 +0\.100–0\.900 +0\.500 +0\.250 +0\.500/,
    );
    expect(lines.find((line) => line.startsWith('3 '))).toMatch(/0\.600 +0\.100–0\.900 +0\.750 +- +0\.500/);
  });
});
