import type { RunScores } from '../scoring/score-run.js';
import type { Tier } from '../scoring/scoring-constants.js';

/** One method's row: its scores, its retention and whether it qualifies at each tier. */
export interface ResultsRow {
  method: string;
  /** True for the `null` and `oracle` controls, which frame the table but are not ranked. */
  control: boolean;
  scores: RunScores;
  /** Reader-independent: the share of ground-truth entries the artifacts carry (`StoredRunScores.retention`). */
  retention: number;
  qualifiedAt: Readonly<Record<Tier, boolean>>;
}

/** One suite's rows, or why the suite was not run. */
export interface SuiteResults {
  /** The heading: the suite and its case plan in a few words. */
  title: string;
  rows: readonly ResultsRow[];
  /** Said instead of the table when the suite was skipped (its folder is absent, for instance). */
  skipped?: string;
}

const TIERS_HIGH_FIRST: readonly Tier[] = ['8x', '4x', '2x'];
const fixed = (value: number, digits = 3) => value.toFixed(digits);

/** Items passed over items answered, every cycle of every complete case. */
export function itemsPassed(scores: RunScores): number {
  let items = 0;
  let passed = 0;
  for (const family of Object.values(scores.families)) {
    items += family.items;
    passed += family.passed;
  }
  return items === 0 ? 0 : passed / items;
}

/**
 * One suite's results as Markdown: methods by elite score (controls last), with the overall score against the
 * oracle's on the same cases, retention, items passed, compression and the highest tier qualified at.
 */
export function formatResultsTable(rows: readonly ResultsRow[]): string {
  const ranked = [...rows].sort(
    (a, b) =>
      Number(a.control) - Number(b.control) ||
      b.scores.eliteScore - a.scores.eliteScore ||
      a.method.localeCompare(b.method),
  );
  const oracle = rows.find((row) => row.method === 'oracle')?.scores.overall;
  const lines = [
    '| Method | Score | vs oracle | Retention | Items passed | Compression | Qualifies |',
    '|---|---:|---:|---:|---:|---:|:-:|',
  ];
  for (const row of ranked) {
    const { scores } = row;
    const name = row.control ? `${row.method} (control)` : `\`${row.method}\``;
    const vsOracle = oracle === undefined || oracle === 0 ? '–' : fixed(scores.overall / oracle);
    const tier = TIERS_HIGH_FIRST.find((candidate) => row.qualifiedAt[candidate]) ?? 'no';
    lines.push(
      `| ${name} | ${fixed(scores.eliteScore)} | ${vsOracle} | ${fixed(row.retention)} | ${fixed(itemsPassed(scores))} | ${scores.compressionRatio.toFixed(1)}x | ${tier} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Several suites' tables under their headings, after a caption that says how they were measured. */
export function formatResultsTables(suites: readonly SuiteResults[], caption: string): string {
  const parts = [`${caption}\n`];
  for (const suite of suites) {
    parts.push(`**${suite.title}**\n`);
    parts.push(suite.skipped === undefined ? formatResultsTable(suite.rows) : `${suite.skipped}\n`);
  }
  return parts.join('\n');
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
