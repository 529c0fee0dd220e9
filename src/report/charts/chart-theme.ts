import type { Config } from 'vega-lite';

/**
 * Okabe–Ito: eight colours that stay apart under the common colour-vision deficiencies (tableau10 puts a red
 * and a green side by side). Yellow goes last: it is faint on white.
 */
export const CATEGORY_PALETTE: readonly string[] = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#000000',
  '#F0E442',
];

/** Colours with a meaning of their own: within a limit, past a limit, and reference lines. */
export const COLORS = {
  good: '#0072B2',
  bad: '#D55E00',
  reference: '#555555',
  muted: '#9a9a9a',
} as const;

/** Width of a chart's plot area; with axis labels and legends a chart stays within a ~960px page. */
export const PLOT_WIDTH = 520;

/** Height of one band (one method) in the bar charts and the heatmap. */
export const BAND_HEIGHT = 24;

/** Text labels beside marks: method names and values. */
export const LABEL_FONT_SIZE = 11;

/** The system font stack, unquoted so that it can be compared and hoisted onto the root `<svg>` as is. */
export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

/** The vega-lite config every chart is compiled with; a chart's own `config` wins over it. */
export const CHART_CONFIG: Config = {
  font: FONT,
  background: 'white',
  padding: 8,
  title: { fontSize: 15, fontWeight: 600, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#555555' },
  axis: {
    labelFontSize: 12,
    titleFontSize: 12,
    titleFontWeight: 'normal',
    // Long method names (`name@version`) stay readable; the full name is in each mark's aria-label anyway.
    labelLimit: 240,
    gridColor: '#e6e6e6',
    domainColor: '#888888',
    tickColor: '#888888',
  },
  legend: {
    labelFontSize: 12,
    titleFontSize: 12,
    labelLimit: 240,
    orient: 'bottom',
    direction: 'horizontal',
    // In rows of three: one long row of method names would widen the chart past the page.
    columns: 3,
  },
  text: { fontSize: LABEL_FONT_SIZE },
  view: { stroke: null },
  range: { category: [...CATEGORY_PALETTE] },
};
