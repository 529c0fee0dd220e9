import type { TopLevelSpec } from 'vega-lite';
import { type EvalResult, paretoRank, summaryRows } from '../../evaluate/index.js';
import { COLORS } from '../charts/chart-theme.js';
import { noDataChart, renderChart } from '../charts/render-chart.js';
import { escapeHtml } from '../html/escape-html.js';
import { REPORT_STYLES } from '../html/report-styles.js';

const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const SCORE_VS_COST = 'Score against cost';

/** A table from rows of cells, the first row the header. */
function table(rows: readonly (readonly string[])[]): string {
  const [header = [], ...body] = rows;
  return `<table><thead><tr>${header.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${body
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** Mean score against cost per example (dollars when known, else tokens), Pareto front marked. */
async function paretoChart(result: EvalResult, scoreField: string): Promise<string> {
  const entries = Object.entries(result.summary);
  const dollars = entries.every(([, figures]) => typeof figures.cost_usd === 'number');
  const points = entries
    .map(([system, figures]) => ({
      system,
      score: figures[`mean_${scoreField}`] ?? Number.NaN,
      cost: dollars
        ? (figures.cost_usd ?? Number.NaN) / Math.max(1, figures.examples ?? 1)
        : (figures.tokens_per_example ?? Number.NaN),
    }))
    .filter((point) => Number.isFinite(point.score) && Number.isFinite(point.cost));
  if (points.length === 0) return noDataChart(SCORE_VS_COST);
  const ranks = paretoRank(points);
  const values = points.map((point) => ({
    ...point,
    status: ranks[point.system] === 1 ? 'Pareto front' : 'dominated',
  }));
  const costTitle = dollars ? 'cost per example (USD)' : 'tokens per example (context kept + answer)';
  const spec: TopLevelSpec = {
    title: { text: SCORE_VS_COST, subtitle: 'Up and to the left is better.' },
    description: `Mean ${scoreField} against ${costTitle} for ${values.length} systems`,
    width: 480,
    height: 260,
    data: { values },
    layer: [
      {
        mark: { type: 'point', filled: true, size: 80 },
        encoding: {
          x: { field: 'cost', type: 'quantitative', title: costTitle, scale: { zero: true } },
          y: { field: 'score', type: 'quantitative', title: `mean ${scoreField}`, scale: { domain: [0, 1] } },
          color: {
            field: 'status',
            type: 'nominal',
            scale: { domain: ['Pareto front', 'dominated'], range: [COLORS.good, COLORS.muted] },
            title: null,
          },
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 7, fontSize: 11 },
        encoding: {
          x: { field: 'cost', type: 'quantitative' },
          y: { field: 'score', type: 'quantitative' },
          text: { field: 'system' },
        },
      },
    ],
  };
  return renderChart(spec, 'evaluation-pareto');
}

/** Per-dataset means, one column per system. */
function datasetTable(result: EvalResult, scoreField: string): string {
  const systems = Object.keys(result.summary);
  const datasets = [...new Set(result.rows.map((row) => row.dataset))].sort();
  const value = (system: string, dataset: string) => {
    const figure = result.summary[system]?.[`mean_${scoreField}@${dataset}`];
    return figure === undefined || Number.isNaN(figure) ? '-' : figure.toFixed(3);
  };
  return table([
    ['dataset', ...systems],
    ...datasets.map((dataset) => [dataset, ...systems.map((system) => value(system, dataset))]),
  ]);
}

/** Every row per system: failing ones first and open, passing ones folded. */
function drillDown(result: EvalResult, scoreField: string): string {
  return Object.keys(result.summary)
    .map((system) => {
      const rows = result.rows.filter((row) => row.system === system);
      const failing = rows.filter((row) => row.error || (row.scores[scoreField] ?? 0) < 1);
      const cells = (list: typeof rows) =>
        table([
          ['example', 'dataset', 'scores', 'tokens in / out', 'latency s', 'error'],
          ...list.map((row) => [
            String(row.exampleId),
            row.dataset,
            Object.entries(row.scores)
              .map(([name, score]) => `${name}=${score.toFixed(3)}`)
              .join(' '),
            `${row.inputTokens} / ${row.outputTokens}`,
            row.latency.toFixed(3),
            row.error ? `${row.error.code}: ${row.error.message}` : '',
          ]),
        ]);
      const passing = rows.filter((row) => !failing.includes(row));
      return `<details class="case" open><summary>${escapeHtml(system)}: ${failing.length} below full marks or failed, ${passing.length} at full marks</summary>${cells(failing)}${
        passing.length > 0
          ? `<details><summary>${passing.length} at full marks</summary>${cells(passing)}</details>`
          : ''
      }</details>`;
    })
    .join('\n');
}

/**
 * An evaluation as one self-contained HTML page in the report's style: summary with 95% intervals, a
 * score-versus-cost chart with the Pareto front, per-dataset means and a drill-down of every row.
 */
export async function renderEvaluationReport(
  result: EvalResult,
  options: { scoreField: string },
): Promise<string> {
  const { scoreField } = options;
  const title = `${Object.keys(result.summary).length} systems on ${String(result.config.dataset ?? 'a dataset')}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>compactkit evaluation: ${escapeHtml(title)}</title>
<style>${REPORT_STYLES}</style></head>
<body>
<h1>Evaluation report</h1>
<p class="muted">${escapeHtml(title)} · score field ${escapeHtml(scoreField)}</p>
<h2 id="summary">Summary</h2>
<p class="note">Means with 95% intervals; pass rate counts failed rows as failures; compression is original context tokens over the context each system produced.</p>
${table(summaryRows(result, scoreField))}
<figure>${await paretoChart(result, scoreField)}<figcaption>Each system's mean ${escapeHtml(scoreField)} against its cost per example.</figcaption></figure>
<h2 id="datasets">Per dataset</h2>
${datasetTable(result, scoreField)}
<h2 id="rows">Rows</h2>
${drillDown(result, scoreField)}
</body></html>
`;
}
