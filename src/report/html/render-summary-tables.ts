import type { ReportRun } from '../report-data.js';
import { escapeHtml } from './escape-html.js';

const f3 = (value: number) => value.toFixed(3);

function ratio(value: number): string {
  if (!Number.isFinite(value)) return '∞';
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)}x`;
}

function options(run: ReportRun): string {
  const entries = Object.entries(run.methodOptions);
  const text = entries.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(' ');
  const model = run.methodModel === null ? '' : ` · model ${run.methodModel}`;
  return entries.length === 0 && model === ''
    ? ''
    : `<br><span class="muted">${escapeHtml(text + model)}</span>`;
}

function tierCell(run: ReportRun, tier: '2x' | '4x' | '8x'): string {
  const { qualified, failures } = run.qualification[tier];
  if (qualified) return '<td class="yes">yes</td>';
  return `<td class="no"><details><summary>no</summary>${failures.map(escapeHtml).join('<br>')}</details></td>`;
}

/** The leaderboard: elite score with its interval, retention and the oracle ratio, its four parts, contradiction, ratio, qualification per tier. */
export function renderLeaderboard(runs: readonly ReportRun[]): string {
  const rows = runs
    .map(
      (run, index) =>
        `<tr><td class="num">${index + 1}</td><td><b>${escapeHtml(run.method)}</b>${options(run)}</td><td class="num"><b>${f3(run.eliteScore)}</b><br><span class="muted">${f3(run.ci.eliteScore[0])}–${f3(run.ci.eliteScore[1])}</span></td><td class="num">${f3(run.retention)}</td><td class="num">${run.vsOracle === null ? '–' : f3(run.vsOracle)}</td><td class="num">${f3(run.overall)}</td><td class="num">${f3(run.driftResistance)}</td><td class="num">${f3(run.constraintRetention)}</td><td class="num">${f3(run.compressionBonus)}</td><td class="num">${f3(run.contradictionRate)}</td><td class="num">${ratio(run.compressionRatio)}</td>${tierCell(run, '2x')}${tierCell(run, '4x')}${tierCell(run, '8x')}<td class="num">${run.cases.complete}/${run.cases.expected}${run.cases.failed > 0 ? ` <span class="fail">(${run.cases.failed} failed)</span>` : ''}</td></tr>`,
    )
    .join('');
  return `<table class="leaderboard"><thead><tr><th>#</th><th>Method</th><th>Elite (95% CI)</th><th title="share of ground-truth entries the artifacts carry, computed without the reader">Retention</th><th title="overall ÷ the oracle run's on the same cases">vs oracle</th><th>Overall ×0.40</th><th>Drift ×0.30</th><th>Constraint ×0.20</th><th>Compression bonus ×0.10</th><th>Contradiction</th><th>Ratio</th><th>2x</th><th>4x</th><th>8x</th><th>Cases</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Model calls, tokens, cost and latency per run, for the runs that used a model. */
export function renderUsage(runs: readonly ReportRun[]): string {
  const rows = runs.flatMap((run) =>
    run.usage.map(
      (usage) =>
        `<tr><td>${escapeHtml(run.method)}</td><td>${escapeHtml(usage.modelId)} <span class="muted">(${usage.role})</span></td><td class="num">${usage.calls}${usage.failedCalls > 0 ? ` <span class="fail">(${usage.failedCalls} failed)</span>` : ''}</td><td class="num">${usage.inputTokens.toLocaleString('en-US')}</td><td class="num">${usage.outputTokens.toLocaleString('en-US')}</td><td class="num">${usage.costUsd === null ? 'unknown' : `$${usage.costUsd.toFixed(4)}`}</td><td class="num">${usage.calls === 0 ? '–' : `${Math.round(usage.latencyMs / usage.calls).toLocaleString('en-US')} ms`}</td></tr>`,
    ),
  );
  if (rows.length === 0)
    return '<p class="note">No run called a model: every method and the target ran offline.</p>';
  return `<table><thead><tr><th>Run</th><th>Model</th><th>Calls</th><th>Input tokens</th><th>Output tokens</th><th>Cost</th><th>Latency per call</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The run ids, targets and plans, so a reader can find each run in the store. */
export function renderRunList(runs: readonly ReportRun[]): string {
  const rows = runs
    .map(
      (run) =>
        `<tr><td>${escapeHtml(run.method)}</td><td><code>${escapeHtml(run.id)}</code></td><td>${escapeHtml(run.status)}</td><td>${escapeHtml(run.suite)}</td><td>${escapeHtml(run.target)}</td><td>${escapeHtml(run.casePlan)}</td><td>${escapeHtml(run.finishedAt ?? run.createdAt)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Method</th><th>Run</th><th>Status</th><th>Suite</th><th>Target</th><th>Cases</th><th>Finished</th></tr></thead><tbody>${rows}</tbody></table>`;
}
