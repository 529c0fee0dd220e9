import type { TopLevelSpec } from 'vega-lite';
import { QUALIFICATION } from '../../bench/scoring/scoring-constants.js';
import { BAND_HEIGHT, COLORS, PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, noDataChart, renderChart } from './render-chart.js';

/** A method's contradiction rate: the share of answers that contradict the transcript, in [0, 1]. */
export interface ContradictionRow {
  method: string;
  contradictionRate: number;
}

const TITLE = 'Contradiction rate';
const CEILING = QUALIFICATION.maxContradictionRate;

/** Contradiction rate per method with a rule at the 0.10 ceiling; "no data" SVG for no rows. */
export async function contradictionChart(
  rows: readonly ContradictionRow[],
  options: ChartOptions = {},
): Promise<string> {
  if (rows.length === 0) return noDataChart(TITLE);
  const ceiling = CEILING.toFixed(2);
  const values = rows.map((row) => ({
    ...row,
    over: row.contradictionRate > CEILING,
    text: row.contradictionRate.toFixed(3),
    label: `${row.method}: contradiction rate ${row.contradictionRate.toFixed(3)}${row.contradictionRate > CEILING ? ` (above the ${ceiling} ceiling)` : ''}`,
  }));
  // Methods keep the caller's order, so that this chart lines up with the ranking.
  const methods = [...new Set(rows.map((row) => row.method))];
  const over = values.filter((row) => row.over).map((row) => row.method);
  // The ceiling stays in view when every rate is far below it; rates are small, so no fixed [0, 1].
  const maximum = Math.max(CEILING * 1.5, ...values.map((row) => row.contradictionRate));
  const x = {
    field: 'contradictionRate',
    type: 'quantitative' as const,
    scale: { domain: [0, maximum], nice: true },
    title: 'contradiction rate (lower is better)',
  };
  const spec: TopLevelSpec = {
    title: { text: TITLE, subtitle: `Runs above ${ceiling} (dashed) do not qualify.` },
    description:
      `Bars of the contradiction rate of ${rows.length} method${rows.length === 1 ? '' : 's'}; ` +
      `the ceiling is ${ceiling}. ` +
      (over.length === 0 ? 'No method is above it. ' : `Above it: ${over.join(', ')}. `) +
      values.map((row) => `${row.method} ${row.text}`).join('; '),
    width: PLOT_WIDTH,
    height: { step: BAND_HEIGHT },
    layer: [
      {
        data: { values },
        mark: { type: 'bar' },
        encoding: {
          x,
          y: { field: 'method', type: 'nominal', sort: methods, title: null },
          color: { condition: { test: 'datum.over', value: COLORS.bad }, value: COLORS.good },
          description: { field: 'label' },
        },
      },
      {
        data: { values },
        mark: { type: 'text', align: 'left', dx: 4 },
        encoding: {
          x,
          y: { field: 'method', type: 'nominal', sort: methods },
          text: { field: 'text' },
        },
      },
      {
        data: { values: [{ ceiling: CEILING }] },
        mark: { type: 'rule', strokeDash: [5, 3], strokeWidth: 1.5, color: COLORS.reference },
        encoding: { x: { field: 'ceiling', type: 'quantitative' } },
      },
    ],
  };
  return renderChart(spec, options.chartId ?? 'contradiction-chart');
}
