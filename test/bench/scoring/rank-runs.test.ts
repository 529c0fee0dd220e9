import { describe, expect, it } from 'vitest';
import { rankRuns } from '../../../src/bench/scoring/rank-runs.js';

const base = {
  eliteScore: 0.7,
  driftResistance: 0.8,
  constraintRetention: 0.9,
  contradictionRate: 0.05,
  publishedAt: '2025-03-01T00:00:00Z',
};

describe('rankRuns', () => {
  it('orders by elite score, then each tie-breaker of seed 000 in turn', () => {
    const entries = [
      { ...base, name: 'later', publishedAt: '2025-03-02T00:00:00Z' },
      { ...base, name: 'more contradictions', contradictionRate: 0.08 },
      { ...base, name: 'less retention', constraintRetention: 0.85 },
      { ...base, name: 'less drift', driftResistance: 0.75 },
      { ...base, name: 'lower elite', eliteScore: 0.69 },
      { ...base, name: 'higher elite', eliteScore: 0.71, driftResistance: 0 },
      { ...base, name: 'earlier' },
    ];
    expect(rankRuns(entries).map((entry) => entry.name)).toEqual([
      'higher elite',
      'earlier',
      'later',
      'more contradictions',
      'less retention',
      'less drift',
      'lower elite',
    ]);
  });

  it('compares publication times as instants across time zones', () => {
    const entries = [
      { ...base, name: 'utc 10:00', publishedAt: '2025-03-01T10:00:00Z' },
      { ...base, name: 'utc 09:00', publishedAt: '2025-03-01T11:00:00+02:00' },
    ];
    expect(rankRuns(entries).map((entry) => entry.name)).toEqual(['utc 09:00', 'utc 10:00']);
  });

  it('is stable and leaves the input alone', () => {
    const entries = [
      { ...base, name: 'a' },
      { ...base, name: 'b' },
      { ...base, name: 'c' },
    ];
    const ranked = rankRuns(entries);
    expect(ranked.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
    expect(ranked).not.toBe(entries);
  });

  it('ranks a NaN score last', () => {
    const entries = [
      { ...base, name: 'nan', eliteScore: Number.NaN },
      { ...base, name: 'zero', eliteScore: 0 },
    ];
    expect(rankRuns(entries).map((entry) => entry.name)).toEqual(['zero', 'nan']);
  });
});
