import { describe, expect, it } from 'vitest';
import { familyHeatmap } from '../../../src/report/charts/family-heatmap.js';
import { axisLabels, countMarks, markGroups, markTexts } from './svg-inspection.js';

function cellFills(svg: string): string[] {
  const cells = markGroups(svg).find((group) => group.mark === 'rect')?.elements ?? [];
  return cells.map((cell) => / fill="([^"]+)"/.exec(cell)?.[1] ?? '');
}

describe('familyHeatmap', () => {
  const cells = [
    { method: 'b-method', family: 'time_order', passRate: 0.9 },
    { method: 'b-method', family: 'artifact_trail', passRate: 0.25 },
    { method: 'a-method', family: 'time_order', passRate: 0.4 },
    // a-method has no artifact_trail cell: that cell stays empty.
  ];

  it('draws one cell and one value label, to two decimals, per input cell', async () => {
    const svg = await familyHeatmap(cells);
    expect(countMarks(svg, 'rect')).toBe(3);
    expect(markTexts(svg, 'text')).toEqual(['0.90', '0.25', '0.40']);
  });

  it('keeps methods in the order given and sorts families by name', async () => {
    const labels = axisLabels(await familyHeatmap(cells));
    expect(labels).toContainEqual(['artifact_trail', 'time_order']);
    expect(labels).toContainEqual(['b-method', 'a-method']);
  });

  it('outlines only the cells below the 0.40 floor', async () => {
    const rects =
      markGroups(await familyHeatmap(cells)).find((group) => group.mark === 'rect')?.elements ?? [];
    const outlined = rects.filter((rect) => / stroke-width="3"/.test(rect));
    expect(outlined).toHaveLength(1);
    expect(outlined[0]).toContain('artifact_trail: pass rate 0.250 (below the 0.40 floor)');
  });

  it('colours on a fixed [0, 1] scale, not one stretched to the data', async () => {
    const [alone] = cellFills(await familyHeatmap([{ method: 'm', family: 'f', passRate: 0.5 }]));
    const spread = cellFills(
      await familyHeatmap([
        { method: 'm', family: 'f', passRate: 0 },
        { method: 'm', family: 'g', passRate: 0.5 },
        { method: 'm', family: 'h', passRate: 1 },
      ]),
    );
    expect(alone).toBe(spread[1]);
    expect(new Set(spread).size).toBe(3);
  });
});
