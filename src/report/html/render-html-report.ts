import {
  contradictionChart,
  costLatencyChart,
  driftCurve,
  eliteScorePartsChart,
  familyHeatmap,
  paretoScatter,
} from '../charts/index.js';
import type { ReportData, ReportRun } from '../report-data.js';
import { escapeHtml } from './escape-html.js';
import { renderDrillDown } from './render-drill-down.js';
import { renderLeaderboard, renderRunList, renderUsage } from './render-summary-tables.js';
import { REPORT_STYLES } from './report-styles.js';

// No script may run and nothing may load: the file is opened offline and shared, and it shows untrusted text.
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function figure(svg: string, caption: string): string {
  if (svg === '') return '';
  return `<figure>${svg}<figcaption>${caption}</figcaption></figure>`;
}

/** The runs best first: by elite score, then method name, so the same runs always read in the same order. */
export function rankedRuns(runs: readonly ReportRun[]): ReportRun[] {
  return [...runs].sort((a, b) => b.eliteScore - a.eliteScore || a.method.localeCompare(b.method));
}

async function charts(runs: readonly ReportRun[]): Promise<string> {
  const parts = await eliteScorePartsChart(
    runs.map(({ method, overall, driftResistance, constraintRetention, compressionBonus }) => ({
      method,
      overall,
      driftResistance,
      constraintRetention,
      compressionBonus,
    })),
  );
  const families = await familyHeatmap(
    runs.flatMap((run) =>
      Object.entries(run.families).map(([family, score]) => ({
        method: run.method,
        family,
        passRate: score.passRate,
      })),
    ),
  );
  const drift = await driftCurve(
    runs.flatMap((run) => run.cycleScores.map(({ cycle, score }) => ({ method: run.method, cycle, score }))),
  );
  const pareto = await paretoScatter(
    runs.map(({ method, compressionRatio, eliteScore }) => ({ method, compressionRatio, eliteScore })),
  );
  const contradiction = await contradictionChart(
    runs.map(({ method, contradictionRate }) => ({ method, contradictionRate })),
  );
  const withModel = runs.filter((run) => run.usage.length > 0);
  const cost = await costLatencyChart(
    withModel.map((run) => {
      const calls = run.usage.reduce((sum, usage) => sum + usage.calls, 0);
      const unknown = run.usage.some((usage) => usage.costUsd === null);
      return {
        method: run.method,
        costUsd: unknown ? null : run.usage.reduce((sum, usage) => sum + (usage.costUsd ?? 0), 0),
        latencyMs: calls === 0 ? 0 : run.usage.reduce((sum, usage) => sum + usage.latencyMs, 0) / calls,
        calls,
      };
    }),
  );
  return [
    '<h2 id="charts">Charts</h2>',
    figure(parts, 'The elite score of each method, split into its four weighted parts.'),
    figure(
      pareto,
      'Elite score against compression ratio; the line joins the methods no other beats on both. Dashed lines are the 2x, 4x and 8x tier floors.',
    ),
    figure(
      drift,
      'Mean case score per cycle: cycle 0 is the first compaction, each later one a drift cycle.',
    ),
    figure(families, 'Item pass rate per family; a family below 0.40 keeps a run from qualifying.'),
    figure(
      contradiction,
      'Share of responses that state a forbidden or superseded action; above 0.10 a run does not qualify.',
    ),
    figure(cost, 'Model cost and latency per call, for the runs that called a model.'),
  ].join('\n');
}

/**
 * The report as one self-contained HTML page: no script, no request, every chart inline SVG, every text from
 * a transcript or a response escaped, and a Content-Security-Policy that blocks anything else.
 * @example await writeFile('report.html', await renderHtmlReport(await buildReportData(store, [runId])));
 */
export async function renderHtmlReport(data: ReportData): Promise<string> {
  const runs = rankedRuns(data.runs);
  const title =
    runs.length === 1
      ? `${runs[0]?.method} on ${runs[0]?.suite}`
      : `${runs.length} methods on ${runs[0]?.suite ?? 'no runs'}`;
  const warning = data.comparability.comparable
    ? ''
    : `<p class="warn">These runs are not comparable: ${data.comparability.notes.map(escapeHtml).join('; ')}. Their scores are shown side by side, not ranked against each other.</p>`;
  const first = runs[0];
  const plan =
    first === undefined
      ? ''
      : `${escapeHtml(first.suite)} · target ${escapeHtml(first.target)} · scorer ${escapeHtml(first.scorer)} · ${escapeHtml(first.casePlan)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CompactBench report: ${escapeHtml(title)}</title>
<style>${REPORT_STYLES}</style></head>
<body>
<h1>CompactBench report</h1>
<p class="muted">${plan}</p>
${warning}
<h2 id="leaderboard">Leaderboard</h2>
<p class="note">Elite score = 0.40 × overall + 0.30 × drift resistance + 0.20 × constraint retention + 0.10 × compression bonus. A run qualifies at a tier when its compression ratio reaches the tier's floor, its contradiction rate is at most 0.10, no family passes under 0.40 of its items and no case failed.</p>
${renderLeaderboard(runs)}
${await charts(runs)}
<h2 id="usage">Model usage</h2>
${renderUsage(runs)}
<h2 id="runs">Runs</h2>
${renderRunList(runs)}
${renderDrillDown(data.cases)}
<p class="muted">${data.limits.map(escapeHtml).join(' ')}</p>
</body></html>
`;
}
