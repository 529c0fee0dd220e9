import type { TopLevelSpec } from 'vega-lite';
import { PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, noDataChart, renderChart } from './render-chart.js';

/** A method's mean case score after one drift cycle. */
export interface DriftPoint {
  method: string;
  cycle: number;
  score: number;
}

const TITLE = 'Score over drift cycles';

/** Mean case score after each drift cycle, one line per method; "no data" SVG for no points. */
export async function driftCurve(points: readonly DriftPoint[], options: ChartOptions = {}): Promise<string> {
  if (points.length === 0) return noDataChart(TITLE);
  const methods = [...new Set(points.map((point) => point.method))];
  const cycles = [...new Set(points.map((point) => point.cycle))].sort((left, right) => left - right);
  const first = cycles[0] ?? 0;
  const last = cycles[cycles.length - 1] ?? 0;
  const values = [...points]
    .sort((left, right) => left.cycle - right.cycle)
    .map((point) => ({
      ...point,
      label: `${point.method}, cycle ${point.cycle}: score ${point.score.toFixed(3)}`,
    }));
  const spec: TopLevelSpec = {
    title: { text: TITLE, subtitle: 'Mean case score after each compaction; a falling line is drift.' },
    description:
      `Line chart of the mean case score of ${methods.length} method${methods.length === 1 ? '' : 's'} over ` +
      `cycles ${first} to ${last}. ` +
      methods
        .map((method) => {
          const scores = values
            .filter((point) => point.method === method)
            .map((point) => point.score.toFixed(3));
          return `${method}: ${scores.join(', ')}`;
        })
        .join('; '),
    width: PLOT_WIDTH,
    height: 260,
    data: { values },
    encoding: {
      x: {
        field: 'cycle',
        type: 'quantitative',
        title: 'cycle',
        // A single cycle gets room either side instead of a zero-width domain.
        scale: { domain: first === last ? [first - 1, last + 1] : [first, last], nice: false },
        // Ticks at the cycles themselves: tickMinStep still gives 1.5 on a two-cycle axis.
        axis: { values: cycles, format: 'd', grid: false },
      },
      y: { field: 'score', type: 'quantitative', scale: { domain: [0, 1] }, title: 'mean case score' },
      // Order by scale domain, not `sort`: vega-lite merges the colour and shape legends only then.
      color: { field: 'method', type: 'nominal', scale: { domain: methods }, legend: { title: null } },
      // Shapes as well as colours: past eight methods the colours repeat.
      shape: { field: 'method', type: 'nominal', scale: { domain: methods }, legend: { title: null } },
      order: { field: 'cycle' },
      description: { field: 'label' },
    },
    mark: { type: 'line', strokeWidth: 2, point: { filled: true, size: 50, opacity: 1 } },
  };
  return renderChart(spec, options.chartId ?? 'drift-curve');
}
