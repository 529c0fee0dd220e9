import type { UsageSummary, UsageTotals } from './usage-meter.js';

const HEADERS = ['calls', 'cached', 'failed', 'input tokens', 'output tokens', 'cost USD', 'mean latency'];

/**
 * A plain-text table of a usage summary for the CLI: one row per model, one per label, and the total. A cost is
 * marked `+?` when some calls had no known price or usage.
 */
export function formatUsageSummary(summary: UsageSummary): string {
  const rows: string[][] = [];
  const section = (title: string, groups: Record<string, UsageTotals>) => {
    const keys = Object.keys(groups).sort();
    if (keys.length === 0) return;
    rows.push([title, ...HEADERS]);
    for (const key of keys) rows.push(formatRow(`  ${key}`, groups[key]!));
  };
  section('model', summary.byModel);
  section('label', summary.byLabel);
  if (rows.length === 0) rows.push(['', ...HEADERS]);
  rows.push(formatRow('total', summary.total));
  const widths = HEADERS.map((_, index) => Math.max(...rows.map((row) => row[index + 1]!.length)));
  const nameWidth = Math.max(...rows.map((row) => row[0]!.length));
  return rows
    .map((row) =>
      [row[0]!.padEnd(nameWidth), ...row.slice(1).map((cell, index) => cell.padStart(widths[index]!))].join(
        '  ',
      ),
    )
    .join('\n');
}

function formatRow(name: string, totals: UsageTotals): string[] {
  const answered = totals.calls - totals.failedCalls;
  const unknown = totals.callsWithoutCost > 0 || totals.callsWithoutUsage > 0 ? '+?' : '';
  const saved = totals.savedCostUsd > 0 ? ` (saved ${formatUsd(totals.savedCostUsd)})` : '';
  return [
    name,
    String(totals.calls),
    String(totals.cachedCalls),
    String(totals.failedCalls),
    totals.inputTokens.toLocaleString('en-US'),
    totals.outputTokens.toLocaleString('en-US'),
    `${formatUsd(totals.costUsd)}${unknown}${saved}`,
    answered === 0 ? '-' : `${Math.round(totals.latencyMs / answered)} ms`,
  ];
}

function formatUsd(amount: number): string {
  return amount === 0 ? '0' : amount < 0.01 ? amount.toFixed(6) : amount.toFixed(2);
}
