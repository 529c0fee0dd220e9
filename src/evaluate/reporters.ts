import type { EvalResult } from './eval-result.js';
import { paretoRank } from './metrics/pareto-rank.js';

/** A figure for a table: 3 decimals, `-` when absent or not a number. */
function figure(value: number | undefined, digits = 3): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return value.toFixed(digits);
}

/** The rows of the comparison table: one per system, the score field with its 95% interval first. */
export function summaryRows(result: EvalResult, scoreField: string): string[][] {
  const points = Object.entries(result.summary).map(([system, figures]) => ({
    system,
    score: figures[`mean_${scoreField}`] ?? Number.NaN,
    cost: figures.cost_usd ?? figures.tokens_per_example ?? 0,
  }));
  const ranks = paretoRank(points);
  const header = [
    'system',
    'n',
    'failed',
    `mean ${scoreField}`,
    '95% CI',
    'pass rate',
    'compression',
    'p50 s',
    'p95 s',
    'cost $',
    'pareto',
  ];
  const rows = Object.entries(result.summary).map(([system, figures]) => [
    system,
    String(figures.examples ?? 0),
    String(figures.failed ?? 0),
    figure(figures[`mean_${scoreField}`]),
    `[${figure(figures[`mean_${scoreField}_low`])}, ${figure(figures[`mean_${scoreField}_high`])}]`,
    figure(figures.pass_rate),
    figures.compression_ratio === undefined ? '-' : `${figure(figures.compression_ratio, 2)}x`,
    figure(figures.latency_p50),
    figure(figures.latency_p95),
    figures.cost_usd === undefined ? '-' : figure(figures.cost_usd, 4),
    ranks[system] === undefined ? '-' : String(ranks[system]),
  ]);
  return [header, ...rows];
}

/** A plain-text table with aligned columns, systems side by side. */
export function formatTable(result: EvalResult, options: { scoreField: string }): string {
  const rows = summaryRows(result, options.scoreField);
  const widths = (rows[0] as string[]).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] as number))
      .join('  ')
      .trimEnd();
  return `${[line(rows[0] as string[]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n')}\n`;
}

/** The whole result as pretty JSON. */
export function formatJson(result: EvalResult): string {
  return `${JSON.stringify(result.toJSON(), null, 2)}\n`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A self-contained HTML page (no scripts, no external resources): the summary table and every row. */
export function formatHtml(result: EvalResult, options: { scoreField: string }): string {
  const table = (rows: string[][]) =>
    `<table><thead><tr>${(rows[0] ?? []).map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows
      .slice(1)
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const detail = [
    ['system', 'example', 'dataset', 'scores', 'latency s', 'error'],
    ...result.rows.map((row) => [
      row.system,
      String(row.exampleId),
      row.dataset,
      Object.entries(row.scores)
        .map(([name, value]) => `${name}=${figure(value)}`)
        .join(' '),
      figure(row.latency),
      row.error ? `${row.error.code}: ${row.error.message}` : '',
    ]),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>compactkit evaluation</title><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head><body><h1>Evaluation: ${escapeHtml(String(result.config.dataset ?? ''))}</h1><h2>Summary</h2>${table(summaryRows(result, options.scoreField))}<h2>Rows</h2>${table(detail)}</body></html>\n`;
}
