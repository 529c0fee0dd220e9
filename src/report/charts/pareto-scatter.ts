import type { TopLevelSpec } from 'vega-lite';
import { TIER_FLOORS } from '../../bench/scoring/scoring-constants.js';
import { COLORS, LABEL_FONT_SIZE, PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, noDataChart, renderChart } from './render-chart.js';

/** A method's compression ratio (original / artifact) and elite score. */
export interface ParetoPoint {
  method: string;
  compressionRatio: number;
  eliteScore: number;
}

const TITLE = 'Elite score against compression ratio';
// An empty artifact gives ratios like 35,000x, which would squash every real method into one corner.
const MAX_PLOTTED_RATIO = 1000;
// The log scale cannot place 0 or below.
const MIN_PLOTTED_RATIO = 0.1;
const RATIO_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The points no other point dominates (as good on both axes, better on one), in input order. */
export function paretoFront<T extends { compressionRatio: number; eliteScore: number }>(
  points: readonly T[],
): T[] {
  return points.filter(
    (point) =>
      !points.some(
        (other) =>
          other.compressionRatio >= point.compressionRatio &&
          other.eliteScore >= point.eliteScore &&
          (other.compressionRatio > point.compressionRatio || other.eliteScore > point.eliteScore),
      ),
  );
}

/** Elite score against compression ratio (log, clamped at 1,000×), Pareto front and tier floors. */
export async function paretoScatter(
  points: readonly ParetoPoint[],
  options: ChartOptions = {},
): Promise<string> {
  const plottable = points.filter(
    (point) => !Number.isNaN(point.compressionRatio) && !Number.isNaN(point.eliteScore),
  );
  if (plottable.length === 0) return noDataChart(TITLE);
  const front = new Set(paretoFront(plottable));
  const values = plottable.map((point) => {
    const ratio = Math.min(Math.max(point.compressionRatio, MIN_PLOTTED_RATIO), MAX_PLOTTED_RATIO);
    const shown = `${RATIO_FORMAT.format(point.compressionRatio)}×`;
    return {
      ...point,
      ratio,
      status: front.has(point) ? 'Pareto front' : 'dominated',
      name: ratio === point.compressionRatio ? point.method : `${point.method} (${shown})`,
      label: `${point.method}: ratio ${shown}, elite score ${point.eliteScore.toFixed(3)}${front.has(point) ? ', on the Pareto front' : ''}`,
    };
  });
  const frontLine = values
    .filter((point) => point.status === 'Pareto front')
    .sort((left, right) => left.ratio - right.ratio || right.eliteScore - left.eliteScore);
  const clamped = values.some((point) => point.ratio !== point.compressionRatio);
  const ratios = values.map((point) => point.ratio);
  // Room left of 1× and right of the last point for its label; the tier floors always in view.
  const domain = [Math.min(1, ...ratios) / 1.25, Math.max(16, ...ratios.map((ratio) => ratio * 2))] as const;
  const ticks: number[] = [];
  for (let power = Math.ceil(Math.log2(domain[0])); 2 ** power <= domain[1]; power++) ticks.push(2 ** power);
  const floors = Object.values(TIER_FLOORS).map((ratio) => ({ ratio }));
  const floorNames = Object.keys(TIER_FLOORS).join(', ');
  const maximumShown = `${RATIO_FORMAT.format(MAX_PLOTTED_RATIO)}×`;
  const x = {
    field: 'ratio',
    type: 'quantitative' as const,
    scale: { type: 'log' as const, domain: [...domain], nice: false },
    axis: { values: ticks, labelExpr: "datum.value + '×'", grid: false },
    title: `compression ratio (log scale${clamped ? `; above ${maximumShown} drawn at ${maximumShown}` : ''})`,
  };
  const spec: TopLevelSpec = {
    title: {
      text: TITLE,
      subtitle: [
        'Up and to the right is better; the line joins the methods nothing beats on both.',
        // Labels beside the rules would collide: 2x, 4x and 8x are close on a log scale.
        `Dashed: the ${floorNames} tier floors.`,
      ],
    },
    description:
      `Scatter of ${values.length} method${values.length === 1 ? '' : 's'}: ` +
      values.map((point) => point.label).join('; '),
    width: PLOT_WIDTH,
    height: 300,
    layer: [
      {
        data: { values: floors },
        mark: { type: 'rule', strokeDash: [4, 4], color: COLORS.reference },
        encoding: { x },
      },
      {
        data: { values: frontLine },
        mark: { type: 'line', interpolate: 'step-before', color: COLORS.good, strokeWidth: 1.5 },
        encoding: { x, y: { field: 'eliteScore', type: 'quantitative' } },
      },
      {
        data: { values },
        mark: { type: 'point', filled: true, size: 80, opacity: 1 },
        encoding: {
          x,
          y: { field: 'eliteScore', type: 'quantitative', scale: { domain: [0, 1] }, title: 'elite score' },
          color: {
            field: 'status',
            type: 'nominal',
            scale: { domain: ['Pareto front', 'dominated'], range: [COLORS.good, COLORS.muted] },
            legend: { title: null },
          },
          description: { field: 'label' },
        },
      },
      {
        data: { values },
        mark: { type: 'text', align: 'left', dx: 7, fontSize: LABEL_FONT_SIZE },
        encoding: { x, y: { field: 'eliteScore', type: 'quantitative' }, text: { field: 'name' } },
      },
    ],
  };
  return renderChart(spec, options.chartId ?? 'pareto-scatter');
}
