import type { TopLevelSpec } from 'vega-lite';
import { QUALIFICATION } from '../../bench/scoring/scoring-constants.js';
import { BAND_HEIGHT, COLORS, PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, noDataChart, renderChart } from './render-chart.js';

/** One method's item pass rate on one case family, in [0, 1]. */
export interface FamilyCell {
  method: string;
  family: string;
  passRate: number;
}

const TITLE = 'Pass rate by case family';
const FLOOR = QUALIFICATION.minFamilyPassRate;
// Viridis is dark at the low end: white text there, black above (the better contrast either side of 0.5).
const LIGHT_TEXT_BELOW = 0.5;

/** Pass-rate heatmap, method × family, on a fixed [0, 1] scale; "no data" SVG for no cells. */
export async function familyHeatmap(
  cells: readonly FamilyCell[],
  options: ChartOptions = {},
): Promise<string> {
  if (cells.length === 0) return noDataChart(TITLE);
  // Methods keep the caller's order (a ranking); families sort by name, as qualification lists them.
  const methods = [...new Set(cells.map((cell) => cell.method))];
  const families = [...new Set(cells.map((cell) => cell.family))].sort();
  const values = cells.map((cell) => ({
    ...cell,
    belowFloor: cell.passRate < FLOOR,
    text: cell.passRate.toFixed(2),
    label: `${cell.method}, ${cell.family}: pass rate ${cell.passRate.toFixed(3)}${cell.passRate < FLOOR ? ` (below the ${FLOOR.toFixed(2)} floor)` : ''}`,
  }));
  const below = values.filter((cell) => cell.belowFloor).map((cell) => cell.label);
  const spec: TopLevelSpec = {
    title: {
      text: TITLE,
      subtitle: `Outlined: below the ${FLOOR.toFixed(2)} floor a family must reach for the run to qualify.`,
    },
    description:
      `Heatmap of item pass rates of ${methods.length} method${methods.length === 1 ? '' : 's'} on ` +
      `${families.length} case famil${families.length === 1 ? 'y' : 'ies'}. ` +
      (below.length === 0
        ? `No cell is below the ${FLOOR.toFixed(2)} floor.`
        : `Below the floor: ${below.join('; ')}.`),
    width: PLOT_WIDTH,
    height: { step: BAND_HEIGHT },
    data: { values },
    encoding: {
      x: {
        field: 'family',
        type: 'nominal',
        sort: families,
        title: null,
        axis: { labelAngle: -35, orient: 'top' },
      },
      y: { field: 'method', type: 'nominal', sort: methods, title: null },
    },
    layer: [
      {
        mark: { type: 'rect', stroke: COLORS.bad },
        encoding: {
          color: {
            field: 'passRate',
            type: 'quantitative',
            scale: { domain: [0, 1], scheme: 'viridis', clamp: true },
            legend: { title: 'pass rate', orient: 'bottom', gradientLength: 200 },
          },
          strokeWidth: { condition: { test: 'datum.belowFloor', value: 3 }, value: 0 },
          description: { field: 'label' },
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'text' },
          color: {
            condition: { test: `datum.passRate < ${LIGHT_TEXT_BELOW}`, value: 'white' },
            value: 'black',
          },
          description: { field: 'label' },
        },
      },
    ],
  };
  return renderChart(spec, options.chartId ?? 'family-heatmap');
}
