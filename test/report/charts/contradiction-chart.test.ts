import { describe, expect, it } from 'vitest';
import { COLORS, PLOT_WIDTH } from '../../../src/report/charts/chart-theme.js';
import { contradictionChart } from '../../../src/report/charts/contradiction-chart.js';
import { countMarks, markGroups, markTexts } from './svg-inspection.js';

describe('contradictionChart', () => {
  const rows = [
    { method: 'clean', contradictionRate: 0 },
    { method: 'at-ceiling', contradictionRate: 0.1 },
    { method: 'over', contradictionRate: 0.25 },
  ];

  it('draws a bar and a value per method and one rule at the ceiling', async () => {
    const svg = await contradictionChart(rows);
    expect(countMarks(svg, 'rect')).toBe(3);
    expect(markTexts(svg, 'text')).toEqual(['0.000', '0.100', '0.250']);
    expect(countMarks(svg, 'rule')).toBe(1);
  });

  it('marks only rates above the ceiling: 0.10 itself still qualifies', async () => {
    const bars =
      markGroups(await contradictionChart(rows)).find((group) => group.mark === 'rect')?.elements ?? [];
    expect(bars.map((bar) => / fill="([^"]+)"/.exec(bar)?.[1])).toEqual([
      COLORS.good,
      COLORS.good,
      COLORS.bad,
    ]);
  });

  it('keeps the ceiling in view when every rate is far below it', async () => {
    const svg = await contradictionChart([{ method: 'clean', contradictionRate: 0.001 }]);
    const rule = markGroups(svg).find((group) => group.mark === 'rule')?.elements[0] ?? '';
    const x = Number(/translate\(([\d.]+),/.exec(rule)?.[1]);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(PLOT_WIDTH);
  });
});
