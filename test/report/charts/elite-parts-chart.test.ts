import { describe, expect, it } from 'vitest';
import { PLOT_WIDTH } from '../../../src/report/charts/chart-theme.js';
import { eliteScorePartsChart } from '../../../src/report/charts/elite-parts-chart.js';
import { axisLabels, countMarks, markGroups, markTexts } from './svg-inspection.js';

const ROWS = [
  { method: 'low', overall: 0.2, driftResistance: 0.2, constraintRetention: 0.2, compressionBonus: 0 },
  { method: 'high', overall: 0.9, driftResistance: 0.8, constraintRetention: 1, compressionBonus: 0.6 },
  { method: 'mid-b', overall: 0.5, driftResistance: 0.5, constraintRetention: 0.5, compressionBonus: 0.5 },
  { method: 'mid-a', overall: 0.5, driftResistance: 0.5, constraintRetention: 0.5, compressionBonus: 0.5 },
];

function barWidths(svg: string, method: string): number[] {
  const bars = markGroups(svg).find((group) => group.mark === 'rect')?.elements ?? [];
  return bars
    .filter((bar) => bar.includes(`aria-label="${method}: `))
    .map((bar) => Number(/d="M[\d.-]+,[\d.-]+h([\d.]+)v/.exec(bar)?.[1]));
}

describe('eliteScorePartsChart', () => {
  it('draws four weighted parts per method and the elite score at the end of each bar', async () => {
    const svg = await eliteScorePartsChart(ROWS);
    expect(countMarks(svg, 'rect')).toBe(16);
    expect(markTexts(svg, 'text').sort()).toEqual(['0.180', '0.500', '0.500', '0.860']);
  });

  it('makes a bar as long as the elite score on a fixed [0, 1] axis', async () => {
    const svg = await eliteScorePartsChart(ROWS);
    // 0.40×0.9 + 0.30×0.8 + 0.20×1 + 0.10×0.6 = 0.86; on [0, 1] the plot width stands for 1.
    const widths = barWidths(svg, 'high');
    expect(widths).toHaveLength(4);
    expect(widths[0]).toBeCloseTo(0.36 * PLOT_WIDTH, 1);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(0.86 * PLOT_WIDTH, 1);
    expect(axisLabels(svg)[0]?.at(-1)).toBe('1.0');
  });

  it('orders methods by elite score, ties by name', async () => {
    const svg = await eliteScorePartsChart(ROWS);
    expect(axisLabels(svg)).toContainEqual(['high', 'mid-a', 'mid-b', 'low']);
  });

  it('names each part with its weight in the legend and the exact value in each bar', async () => {
    const svg = await eliteScorePartsChart(ROWS.slice(0, 1));
    for (const label of [
      'overall (×0.40)',
      'drift resistance (×0.30)',
      'constraint retention (×0.20)',
      'compression bonus (×0.10)',
    ]) {
      expect(svg).toContain(`>${label}</text>`);
    }
    expect(svg).toContain('aria-label="low: overall (×0.40) 0.080 of elite score 0.180"');
  });

  it('keeps method names of up to 33 characters whole', async () => {
    // vega's own estimate (0.8em a character) would cut this one at the 240px label limit.
    const method = 'anchored-iterative-summary@1.2.0';
    const svg = await eliteScorePartsChart([{ ...ROWS[0]!, method }]);
    expect(axisLabels(svg)).toContainEqual([method]);
  });
});
