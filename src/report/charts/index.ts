/**
 * Charts of the HTML report: plain data in, static inline `<svg>` out (vega-lite rendered in Node, no scripts,
 * no external references, deterministic ids).
 */
export { CATEGORY_PALETTE, CHART_CONFIG, COLORS } from './chart-theme.js';
export { type ContradictionRow, contradictionChart } from './contradiction-chart.js';
export { type CostRow, costLatencyChart } from './cost-chart.js';
export { type DriftPoint, driftCurve } from './drift-curve.js';
export { type EliteScorePartsRow, eliteScorePartsChart } from './elite-parts-chart.js';
export { type FamilyCell, familyHeatmap } from './family-heatmap.js';
export { type ParetoPoint, paretoFront, paretoScatter } from './pareto-scatter.js';
export { type ChartOptions, noDataChart, renderChart } from './render-chart.js';
