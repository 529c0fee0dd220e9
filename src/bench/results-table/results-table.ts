import type { RunScores } from '../scoring/score-run.js';
import type { Tier } from '../scoring/scoring-constants.js';

/** One method's row: its scores and whether it qualifies at each tier. */
export interface ResultsRow {
  method: string;
  /** True for the `null` and `oracle` controls, which frame the table but are not ranked. */
  control: boolean;
  scores: RunScores;
  qualifiedAt: Readonly<Record<Tier, boolean>>;
}

const TIERS: readonly Tier[] = ['2x', '4x', '8x'];
const fixed = (value: number, digits = 3) => value.toFixed(digits);

/**
 * The README's results table as Markdown: methods by elite score (controls last), with overall, drift
 * resistance, constraint retention, contradiction rate, compression ratio and qualification per tier.
 */
export function formatResultsTable(rows: readonly ResultsRow[]): string {
  const ranked = [...rows].sort(
    (a, b) =>
      Number(a.control) - Number(b.control) ||
      b.scores.eliteScore - a.scores.eliteScore ||
      a.method.localeCompare(b.method),
  );
  const lines = [
    '| Method | Elite | Overall | Drift resistance | Constraint retention | Contradiction rate | Compression | 2x | 4x | 8x |',
    '|---|---:|---:|---:|---:|---:|---:|:-:|:-:|:-:|',
  ];
  for (const row of ranked) {
    const { scores } = row;
    const name = row.control ? `${row.method} (control)` : `\`${row.method}\``;
    const tiers = TIERS.map((tier) => (row.qualifiedAt[tier] ? 'yes' : 'no'));
    lines.push(
      `| ${name} | ${fixed(scores.eliteScore)} | ${fixed(scores.overall)} | ${fixed(scores.driftResistance)} | ${fixed(scores.constraintRetention)} | ${fixed(scores.contradictionRate)} | ${scores.compressionRatio.toFixed(1)}x | ${tiers.join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `text` with the part between the two marker comments replaced by `content`. */
export function replaceBetweenMarkers(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the markers ${start} and ${end} are missing or out of order`);
  return `${text.slice(0, from + start.length)}\n${content}${text.slice(to)}`;
}
