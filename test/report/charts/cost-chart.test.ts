import { describe, expect, it } from 'vitest';
import { costLatencyChart } from '../../../src/report/charts/cost-chart.js';
import { markGroups, markTexts } from './svg-inspection.js';

describe('costLatencyChart', () => {
  const rows = [
    { method: 'priced', costUsd: 0.0123, latencyMs: 4500, calls: 3 },
    { method: 'unpriced', costUsd: null, latencyMs: 2000, calls: 4 },
  ];

  it('draws no cost bar for an unknown cost and says "cost unknown" instead of $0', async () => {
    const svg = await costLatencyChart(rows);
    const [costBars, costLabels, latencyBars] = markGroups(svg);
    expect(costBars?.elements).toHaveLength(1);
    expect(costBars?.elements[0]).toContain('aria-label="priced: $0.0123, 1,500 ms per call over 3 calls"');
    expect(costLabels?.elements).toHaveLength(2);
    expect(markTexts(svg, 'text')).toEqual(['$0.0123', 'cost unknown', '1,500 ms', '500 ms']);
    expect(latencyBars?.elements).toHaveLength(2);
  });

  it('says "no calls" rather than dividing by zero', async () => {
    const svg = await costLatencyChart([{ method: 'idle', costUsd: 0, latencyMs: 0, calls: 0 }]);
    expect(markTexts(svg, 'text')).toEqual(['$0', 'no calls']);
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('draws an all-unknown cost panel without bars', async () => {
    const svg = await costLatencyChart([{ method: 'unpriced', costUsd: null, latencyMs: 100, calls: 1 }]);
    expect(
      markGroups(svg)
        .filter((group) => group.mark === 'rect')
        .map((group) => group.elements.length),
    ).toEqual([0, 1]);
  });

  it("returns '' when no method used a model", async () => {
    expect(await costLatencyChart([])).toBe('');
  });
});
