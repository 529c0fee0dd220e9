import { describe, expect, it } from 'vitest';
import {
  contradictionChart,
  costLatencyChart,
  driftCurve,
  eliteScorePartsChart,
  familyHeatmap,
  paretoScatter,
} from '../../../src/report/charts/index.js';
import { elementIds, externalReferences, markGroups, markupProblems } from './svg-inspection.js';

const HOSTILE = ['<script>alert(1)</script>', `a&b"'`, 'plain@1.0.0'];

/** Every chart with an input built from method names, and what it returns for no input. */
const CHARTS: {
  name: string;
  title: string;
  render: (methods: readonly string[]) => Promise<string>;
  renderEmpty: () => Promise<string>;
  empty: 'no data' | '';
}[] = [
  {
    name: 'eliteScorePartsChart',
    title: 'Elite score by weighted part',
    render: (methods) =>
      eliteScorePartsChart(
        methods.map((method, index) => ({
          method,
          overall: 0.9 - index / 10,
          driftResistance: 0.5,
          constraintRetention: 0.7,
          compressionBonus: 0.4,
        })),
      ),
    renderEmpty: () => eliteScorePartsChart([]),
    empty: 'no data',
  },
  {
    name: 'familyHeatmap',
    title: 'Pass rate by case family',
    render: (methods) =>
      familyHeatmap(
        methods.flatMap((method, index) => [
          { method, family: 'stale_state', passRate: 0.25 + index / 10 },
          { method, family: `<b>&"family"`, passRate: 0.75 },
        ]),
      ),
    renderEmpty: () => familyHeatmap([]),
    empty: 'no data',
  },
  {
    name: 'driftCurve',
    title: 'Score over drift cycles',
    render: (methods) =>
      driftCurve(
        methods.flatMap((method) => [1, 2, 3].map((cycle) => ({ method, cycle, score: 1 - cycle / 10 }))),
      ),
    renderEmpty: () => driftCurve([]),
    empty: 'no data',
  },
  {
    name: 'paretoScatter',
    title: 'Elite score against compression ratio',
    render: (methods) =>
      paretoScatter(
        methods.map((method, index) => ({
          method,
          compressionRatio: 2 ** (index + 1),
          eliteScore: 0.8 - index / 5,
        })),
      ),
    renderEmpty: () => paretoScatter([]),
    empty: 'no data',
  },
  {
    name: 'contradictionChart',
    title: 'Contradiction rate',
    render: (methods) =>
      contradictionChart(methods.map((method, index) => ({ method, contradictionRate: index / 20 }))),
    renderEmpty: () => contradictionChart([]),
    empty: 'no data',
  },
  {
    name: 'costLatencyChart',
    title: 'Model cost and latency',
    render: (methods) =>
      costLatencyChart(
        methods.map((method, index) => ({
          method,
          costUsd: index === 0 ? null : index / 100,
          latencyMs: 1000 * (index + 1),
          calls: 4,
        })),
      ),
    renderEmpty: () => costLatencyChart([]),
    empty: '',
  },
];

describe.each(CHARTS)('$name', (chart) => {
  it('is a static, well-formed SVG with an accessible title and data marks', async () => {
    const svg = await chart.render(HOSTILE);
    expect(svg.startsWith('<svg class="chart" role="img" aria-label="')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain(`<title>${chart.title}</title>`);
    expect(externalReferences(svg)).toEqual([]);
    expect(markupProblems(svg)).toEqual([]);
    expect(markGroups(svg).reduce((sum, group) => sum + group.elements.length, 0)).toBeGreaterThan(0);
    // Fits the page.
    expect(Number(/ width="(\d+)"/.exec(svg)?.[1])).toBeLessThanOrEqual(960);
  });

  it('escapes method names instead of letting them into the markup', async () => {
    const svg = await chart.render(HOSTILE);
    expect(svg).not.toMatch(/<script|<b>/i);
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toMatch(/a&amp;b("|&quot;)('|&#39;)/);
  });

  it('gives byte-identical output on every call, whatever was rendered before', async () => {
    const first = await chart.render(HOSTILE);
    // Other charts advance vega's global clip and gradient counters.
    for (const other of CHARTS) await other.render(['x', 'y']);
    const again = await chart.render(HOSTILE);
    expect(again).toBe(first);
    const ids = elementIds(first);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it(`returns ${chart.empty === '' ? "''" : 'a small "no data" SVG'} for no input`, async () => {
    const svg = await chart.renderEmpty();
    if (chart.empty === '') {
      expect(svg).toBe('');
      return;
    }
    expect(svg).toContain(`${chart.title}: no data`);
    expect(markGroups(svg)).toEqual([]);
    expect(markupProblems(svg)).toEqual([]);
  });
});
