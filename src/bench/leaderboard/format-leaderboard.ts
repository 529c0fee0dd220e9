import type { LeaderboardSegment } from './build-leaderboard.js';

const COLUMNS = [
  '#',
  'method',
  'elite',
  '95% CI',
  'retention',
  'vs oracle',
  'overall',
  'drift',
  'constraint',
  'contradiction',
  'ratio',
  'qualified',
];

/** The leaderboard as plain-text tables, one per segment, for a terminal or a README code block. */
export function formatLeaderboard(segments: readonly LeaderboardSegment[]): string {
  if (segments.length === 0) return 'no finished benchmark runs in the store\n';
  return segments.map(formatSegment).join('\n');
}

type Entry = LeaderboardSegment['entries'][number];

/**
 * The options that tell this entry apart from other runs of the same method in the segment, as `k=v` text;
 * empty when the method appears once. Every option is in the fingerprint, but a column of full configurations
 * would bury the ranking.
 */
function distinguishingOptions(entry: Entry, entries: readonly Entry[]): string {
  const siblings = entries.filter((other) => other.method === entry.method);
  if (siblings.length < 2) return '';
  const keys = [...new Set(siblings.flatMap((other) => Object.keys(other.methodConfig)))].sort();
  const differing = keys.filter(
    (key) => new Set(siblings.map((other) => JSON.stringify(other.methodConfig[key]))).size > 1,
  );
  return differing.map((key) => ` ${key}=${JSON.stringify(entry.methodConfig[key]) ?? '-'}`).join('');
}

function formatSegment(segment: LeaderboardSegment): string {
  const rows = segment.entries.map((entry) => [
    String(entry.rank),
    `${entry.method}${distinguishingOptions(entry, segment.entries)}`,
    entry.eliteScore.toFixed(3),
    `${entry.ci.eliteScore[0].toFixed(3)}–${entry.ci.eliteScore[1].toFixed(3)}`,
    entry.retention.toFixed(3),
    entry.vsOracle === null ? '-' : entry.vsOracle.toFixed(3),
    entry.overall.toFixed(3),
    entry.driftResistance.toFixed(3),
    entry.constraintRetention.toFixed(3),
    entry.contradictionRate.toFixed(3),
    `${formatRatio(entry.compressionRatio)}x`,
    entry.qualified ? `yes (${segment.tier})` : `no: ${entry.failures[0] ?? entry.status}`,
  ]);
  const widths = COLUMNS.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ');
  return [
    `suite ${segment.suite} · scorer ${segment.scorer} · target ${segment.target} · tier ${segment.tier}`,
    segment.casePlan,
    '',
    line(COLUMNS),
    ...rows.map(line),
    '',
  ].join('\n');
}

function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '∞';
  return ratio >= 100 ? ratio.toFixed(0) : ratio.toFixed(1);
}
