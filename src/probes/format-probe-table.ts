import type { GroupScores, ProbeAggregate } from './aggregate-scores.js';

/** The seed's columns, in its order: the dimension behind each. */
const COLUMNS: readonly [string, string][] = [
  ['accuracy', 'accuracy'],
  ['context', 'context_awareness'],
  ['artifact', 'artifact_trail'],
  ['completeness', 'completeness'],
  ['continuity', 'continuity'],
  ['instruction', 'instruction_following'],
];

/**
 * The seed's results table as text: one row per method, best overall first; overall with its bootstrap 95%
 * interval, the six dimensions, and the number of judged answers behind the row.
 */
export function formatProbeTable(aggregate: ProbeAggregate): string {
  const rows = Object.entries(aggregate.byMethod).sort(
    (a, b) => b[1].overall.mean - a[1].overall.mean || a[0].localeCompare(b[0]),
  );
  const width = Math.max(6, ...rows.map(([method]) => method.length));
  const header = [
    'method'.padEnd(width),
    'overall (95% CI)   ',
    ...COLUMNS.map(([label]) => label.padStart(Math.max(label.length, 4))),
    'n'.padStart(4),
  ].join('  ');
  const lines = rows.map(([method, scores]) => formatRow(method, scores, width));
  return `${[header, ...lines].join('\n')}\n`;
}

function formatRow(method: string, scores: GroupScores, width: number): string {
  const fixed = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? '-' : value.toFixed(2);
  const { overall } = scores;
  const interval = `${fixed(overall.mean)} (${fixed(overall.low)}–${fixed(overall.high)})`;
  return [
    method.padEnd(width),
    interval.padEnd(19),
    ...COLUMNS.map(([label, id]) => fixed(scores.dimensions[id]?.mean).padStart(Math.max(label.length, 4))),
    String(overall.n).padStart(4),
  ].join('  ');
}
