import type { TopLevelSpec } from 'vega-lite';
import { ELITE_WEIGHTS } from '../../bench/scoring/scoring-constants.js';
import { BAND_HEIGHT, CATEGORY_PALETTE, PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, noDataChart, renderChart } from './render-chart.js';

/** One method's elite score parts, each in [0, 1] before weighting. */
export interface EliteScorePartsRow {
  method: string;
  overall: number;
  driftResistance: number;
  constraintRetention: number;
  compressionBonus: number;
}

const TITLE = 'Elite score by weighted part';

const PARTS = (
  [
    ['overall', 'overall'],
    ['driftResistance', 'drift resistance'],
    ['constraintRetention', 'constraint retention'],
    ['compressionBonus', 'compression bonus'],
  ] as const
).map(([key, name]) => ({
  key,
  label: `${name} (×${ELITE_WEIGHTS[key].toFixed(2)})`,
  weight: ELITE_WEIGHTS[key],
}));

/** Stacked bars of each method's weighted elite-score parts, best first; "no data" SVG for no rows. */
export async function eliteScorePartsChart(
  rows: readonly EliteScorePartsRow[],
  options: ChartOptions = {},
): Promise<string> {
  if (rows.length === 0) return noDataChart(TITLE);
  const totals = rows.map((row) => ({
    method: row.method,
    total: PARTS.reduce((sum, part) => sum + part.weight * row[part.key], 0),
  }));
  const order = [...totals]
    .sort((left, right) => right.total - left.total || compareText(left.method, right.method))
    .map((entry) => entry.method);
  const parts = rows.flatMap((row, index) =>
    PARTS.map((part, partIndex) => {
      const value = part.weight * row[part.key];
      const total = (totals[index]?.total ?? 0).toFixed(3);
      return {
        method: row.method,
        part: part.label,
        partIndex,
        value,
        label: `${row.method}: ${part.label} ${value.toFixed(3)} of elite score ${total}`,
      };
    }),
  );
  const spec: TopLevelSpec = {
    title: { text: TITLE, subtitle: 'Bar length is the elite score; methods ordered by it.' },
    description:
      `Stacked bars of the elite score of ${rows.length} method${rows.length === 1 ? '' : 's'}, split into ` +
      `${PARTS.map((part) => part.label).join(', ')}. ` +
      order
        .map((method) => `${method} ${totals.find((entry) => entry.method === method)?.total.toFixed(3)}`)
        .join('; '),
    width: PLOT_WIDTH,
    height: { step: BAND_HEIGHT },
    encoding: { y: { field: 'method', type: 'nominal', sort: [...new Set(order)], title: null } },
    layer: [
      {
        data: { values: parts },
        mark: { type: 'bar' },
        encoding: {
          x: {
            field: 'value',
            type: 'quantitative',
            stack: 'zero',
            scale: { domain: [0, 1] },
            title: 'elite score',
          },
          color: {
            field: 'part',
            type: 'nominal',
            scale: {
              domain: PARTS.map((part) => part.label),
              range: CATEGORY_PALETTE.slice(0, PARTS.length),
            },
            legend: { title: null, columns: 2 },
          },
          order: { field: 'partIndex' },
          description: { field: 'label' },
        },
      },
      {
        data: { values: totals },
        mark: { type: 'text', align: 'left', dx: 4 },
        encoding: {
          x: { field: 'total', type: 'quantitative' },
          text: { field: 'total', format: '.3f' },
        },
      },
    ],
  };
  return renderChart(spec, options.chartId ?? 'elite-parts');
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
