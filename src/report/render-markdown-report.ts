import { rankedRuns } from './html/render-html-report.js';
import { markdownCodeSpan } from './markdown-code-span.js';
import type { ReportData, ReportRun } from './report-data.js';

/** Text safe in a Markdown table cell: pipes escaped, HTML characters inert, one line. */
export function markdownCell(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .trim();
}

const f3 = (value: number) => value.toFixed(3);
const ratio = (value: number) =>
  Number.isFinite(value) ? `${value >= 100 ? value.toFixed(0) : value.toFixed(1)}x` : '∞';

function table(header: readonly string[], rows: readonly string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function leaderboard(runs: readonly ReportRun[]): string {
  return table(
    [
      '#',
      'Method',
      'Elite',
      '95% CI',
      'Retention',
      'vs oracle',
      'Overall',
      'Drift',
      'Constraint',
      'Contradiction',
      'Ratio',
      '2x',
      '4x',
      '8x',
    ],
    runs.map((run, index) => [
      String(index + 1),
      markdownCell(run.method),
      f3(run.eliteScore),
      `${f3(run.ci.eliteScore[0])}–${f3(run.ci.eliteScore[1])}`,
      f3(run.retention),
      run.vsOracle === null ? '–' : f3(run.vsOracle),
      f3(run.overall),
      f3(run.driftResistance),
      f3(run.constraintRetention),
      f3(run.contradictionRate),
      ratio(run.compressionRatio),
      ...(['2x', '4x', '8x'] as const).map((tier) => (run.qualification[tier].qualified ? 'yes' : 'no')),
    ]),
  );
}

function families(runs: readonly ReportRun[]): string {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run.families)))].sort();
  return table(
    ['Family', ...runs.map((run) => markdownCell(run.method))],
    names.map((family) => [
      family,
      ...runs.map((run) => (run.families[family] ? f3(run.families[family].passRate) : '–')),
    ]),
  );
}

function drift(runs: readonly ReportRun[]): string {
  const cycles = [...new Set(runs.flatMap((run) => run.cycleScores.map((entry) => entry.cycle)))].sort(
    (a, b) => a - b,
  );
  return table(
    ['Method', ...cycles.map((cycle) => `cycle ${cycle}`)],
    runs.map((run) => [
      markdownCell(run.method),
      ...cycles.map((cycle) => {
        const entry = run.cycleScores.find((score) => score.cycle === cycle);
        return entry === undefined ? '–' : f3(entry.score);
      }),
    ]),
  );
}

/** The report as Markdown for a pull request: leaderboard, families, drift per cycle, failures, model usage. */
export function renderMarkdownReport(data: ReportData): string {
  const runs = rankedRuns(data.runs);
  const first = runs[0];
  const lines = [
    '## CompactBench report',
    '',
    first === undefined
      ? 'No runs.'
      : `${markdownCell(first.suite)} · target ${markdownCell(first.target)} · ${markdownCell(first.casePlan)}`,
    '',
  ];
  if (!data.comparability.comparable)
    lines.push(`> **Not comparable:** ${markdownCell(data.comparability.notes.join('; '))}`, '');
  lines.push(
    leaderboard(runs),
    '',
    '### Families (item pass rate)',
    '',
    families(runs),
    '',
    '### Drift (mean case score per cycle)',
    '',
    drift(runs),
    '',
  );
  const unqualified = runs.filter((run) => !run.qualification['4x'].qualified);
  if (unqualified.length > 0) {
    lines.push('### Why runs do not qualify at 4x', '');
    for (const run of unqualified)
      lines.push(
        `- ${markdownCodeSpan(run.method)}: ${markdownCell(run.qualification['4x'].failures.join('; '))}`,
      );
    lines.push('');
  }
  const usage = runs.flatMap((run) =>
    run.usage.map((entry) => [
      markdownCell(run.method),
      markdownCell(`${entry.modelId} (${entry.role})`),
      String(entry.calls),
      String(entry.inputTokens),
      String(entry.outputTokens),
      entry.costUsd === null ? 'unknown' : `$${entry.costUsd.toFixed(4)}`,
    ]),
  );
  if (usage.length > 0)
    lines.push(
      '### Model usage',
      '',
      table(['Run', 'Model', 'Calls', 'Input tokens', 'Output tokens', 'Cost'], usage),
      '',
    );
  return `${lines.join('\n')}\n`;
}
