import type { ProbeResult, ProbeRun } from '../../probes/index.js';
import { escapeHtml } from './escape-html.js';

/** The seed's dimensions in its column order, with their short labels. */
const DIMENSIONS: readonly [string, string][] = [
  ['accuracy', 'accuracy'],
  ['context_awareness', 'context'],
  ['artifact_trail', 'artifact'],
  ['completeness', 'completeness'],
  ['continuity', 'continuity'],
  ['instruction_following', 'instruction'],
];

const COLORS = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2', '#eeca3b', '#9d755d'];

/**
 * The probe evaluation as an HTML section: the seed's table (overall with its 95% interval, six dimensions, n),
 * a per-dimension bar chart as inline SVG, and a drill-down of every answer (probe, truth, answer, scores, the
 * judge's reasoning, or the error). Every text from a session, an answer or a judge is escaped.
 */
export function renderProbeSection(run: ProbeRun, labels: { answerer: string; judge: string }): string {
  const methods = Object.entries(run.aggregate.byMethod).sort(
    (a, b) => b[1].overall.mean - a[1].overall.mean,
  );
  const fixed = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? '–' : value.toFixed(2);
  const rows = methods
    .map(
      ([method, scores]) =>
        `<tr><td>${escapeHtml(method)}</td><td>${fixed(scores.overall.mean)} <small>(${fixed(scores.overall.low)}–${fixed(scores.overall.high)})</small></td>${DIMENSIONS.map(([id]) => `<td>${fixed(scores.dimensions[id]?.mean)}</td>`).join('')}<td>${scores.overall.n}</td></tr>`,
    )
    .join('\n');
  return [
    '<section class="probes">',
    '<h2>Probe evaluation (seed 004)</h2>',
    `<p>Answers: ${escapeHtml(labels.answerer)}. Judge: ${escapeHtml(labels.judge)}.</p>`,
    `<table><thead><tr><th>method</th><th>overall (95% CI)</th>${DIMENSIONS.map(([, label]) => `<th>${label}</th>`).join('')}<th>n</th></tr></thead><tbody>\n${rows}\n</tbody></table>`,
    dimensionChart(
      methods.map(([method, scores]) => ({
        method,
        scores: DIMENSIONS.map(([id]) => scores.dimensions[id]?.mean),
      })),
    ),
    '<h3>Every answer</h3>',
    ...run.results.map(drillDown),
    '</section>',
  ].join('\n');
}

/** A whole page around the section, for `compactkit probe --report`. */
export function renderProbeReport(run: ProbeRun, labels: { answerer: string; judge: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>compactkit probe report</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}td:first-child,th:first-child{text-align:left}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}details{margin:.25rem 0}</style>
</head><body>
${renderProbeSection(run, labels)}
</body></html>
`;
}

/** Grouped bars: one group per dimension, one bar per method, 0–5 high. */
function dimensionChart(series: { method: string; scores: (number | undefined)[] }[]): string {
  const barWidth = 14;
  const groupWidth = Math.max(1, series.length) * barWidth + 24;
  const height = 160;
  const width = DIMENSIONS.length * groupWidth + 40;
  const bars: string[] = [];
  for (const [d, [, label]] of DIMENSIONS.entries()) {
    const x0 = 30 + d * groupWidth;
    for (const [m, entry] of series.entries()) {
      const score = entry.scores[d];
      if (score === undefined || Number.isNaN(score)) continue;
      const barHeight = (score / 5) * (height - 30);
      bars.push(
        `<rect x="${x0 + m * barWidth}" y="${(height - 20 - barHeight).toFixed(1)}" width="${barWidth - 2}" height="${barHeight.toFixed(1)}" fill="${COLORS[m % COLORS.length]}"><title>${escapeHtml(entry.method)} ${label}: ${score.toFixed(2)}</title></rect>`,
      );
    }
    bars.push(`<text x="${x0}" y="${height - 5}" font-size="10">${label}</text>`);
  }
  const legend = series
    .map((entry, m) => `<tspan fill="${COLORS[m % COLORS.length]}">■ ${escapeHtml(entry.method)}</tspan>`)
    .join(' ');
  return `<svg class="probe-dimensions" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + 20}" role="img" aria-label="mean score per dimension and method, 0 to 5"><text x="0" y="12" font-size="10">5</text><text x="0" y="${height - 20}" font-size="10">0</text>${bars.join('')}<text x="30" y="${height + 15}" font-size="11">${legend}</text></svg>`;
}

function drillDown(result: ProbeResult): string {
  const score = result.verdict ? result.verdict.aggregateScore.toFixed(2) : 'error';
  const criteria = result.verdict
    ? `<ul>${result.verdict.criterionResults.map((item) => `<li>${escapeHtml(item.criterionId)}: ${item.score} — ${escapeHtml(item.reasoning)}</li>`).join('')}</ul>`
    : `<p>${escapeHtml(result.error ? `${result.error.stage} failed: ${result.error.message}` : 'not judged')}</p>`;
  return `<details><summary>${escapeHtml(result.method)} · ${escapeHtml(result.sessionKey)} @${result.point} · ${escapeHtml(result.probe.id)} · ${score}</summary>
<p><b>Probe:</b> ${escapeHtml(result.probe.question)}</p>
<p><b>Truth:</b></p><pre>${escapeHtml(result.probe.groundTruth.text)}</pre>
<p><b>Answer:</b></p><pre>${escapeHtml(result.answer ?? '')}</pre>
${criteria}
</details>`;
}
