import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { CompactkitError } from '../../../src/errors.js';
import { FONT } from '../../../src/report/charts/chart-theme.js';
import { noDataChart, renderChart } from '../../../src/report/charts/render-chart.js';
import { elementIds, externalReferences, markTexts, markupProblems } from './svg-inspection.js';

// A clip path and a gradient: the two kinds of ids vega numbers with process-wide counters.
function clippedSpec(label: string): TopLevelSpec {
  return {
    title: 'Clipped <bars>',
    description: 'Bars & a "gradient"',
    data: { values: [{ a: 1, b: 2, label }] },
    layer: [
      {
        mark: { type: 'bar', clip: true },
        encoding: {
          x: { field: 'a', type: 'quantitative' },
          y: { field: 'b', type: 'quantitative' },
          color: { field: 'b', type: 'quantitative' },
        },
      },
      { mark: 'text', encoding: { text: { field: 'label' } } },
    ],
  };
}

describe('renderChart', () => {
  it('renumbers ids per chart and keeps every reference pointing at a defined id', async () => {
    const svg = await renderChart(clippedSpec('x'), 'clip-test');
    const ids = elementIds(svg);
    expect([...ids].sort()).toEqual(['clip-test-1', 'clip-test-2']);
    const references = [...svg.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(references.length).toBeGreaterThanOrEqual(2);
    for (const reference of references) expect(ids).toContain(reference);
  });

  it('gives two charts on one page disjoint ids', async () => {
    const first = elementIds(await renderChart(clippedSpec('x'), 'first'));
    const second = elementIds(await renderChart(clippedSpec('x'), 'second'));
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });

  it('renders the same bytes however many charts came before', async () => {
    const before = await renderChart(clippedSpec('x'), 'same');
    for (let index = 0; index < 3; index++) await renderChart(clippedSpec('y'), `other${index}`);
    expect(await renderChart(clippedSpec('x'), 'same')).toBe(before);
  });

  it('leaves text that looks like ids or references alone', async () => {
    const label = 'x id="clip1" url(#clip1) opacity="1"';
    const svg = await renderChart(clippedSpec(label), 'text-test');
    expect(markTexts(svg, 'text')).toEqual([label]);
  });

  it('takes its title and aria-label from the spec and drops namespaces, hidden labels and float noise', async () => {
    const svg = await renderChart(clippedSpec('x'), 'title-test');
    expect(svg).toMatch(/^<svg class="chart" role="img" aria-label="Bars &amp; a &quot;gradient&quot;" /);
    expect(svg).toContain('<title>Clipped &lt;bars&gt;</title>');
    expect(svg).not.toContain('xmlns');
    expect(externalReferences(svg)).toEqual([]);
    expect(markupProblems(svg)).toEqual([]);
    expect(svg).not.toMatch(/opacity="0"|pointer-events| (?:d|transform)="[^"]*\d\.\d{3}/);
    // The font is set once, on the root.
    expect(svg.split(`font-family="${FONT}"`).length).toBe(2);
  });

  it('refuses a chart id that cannot prefix an SVG id, saying what to use', async () => {
    await expect(renderChart(clippedSpec('x'), 'two words')).rejects.toThrow(CompactkitError);
    await expect(renderChart(clippedSpec('x'), '1chart')).rejects.toThrow(/use a letter followed by/);
  });
});

describe('noDataChart', () => {
  it('says the chart has no data, escaped, without data marks', () => {
    const svg = noDataChart('Costs <of> "runs"');
    expect(svg).toContain('<title>Costs &lt;of&gt; &quot;runs&quot;: no data</title>');
    expect(svg).not.toContain('role-mark');
    expect(markupProblems(svg)).toEqual([]);
    expect(externalReferences(svg)).toEqual([]);
  });
});
