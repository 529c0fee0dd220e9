import type { StoredRunScores } from '../bench/runner/index.js';

/** One run's scores in a few lines: the elite score and its parts, qualification, and per-family pass rates. */
export function formatRunScores(scores: StoredRunScores): string {
  const { run } = scores;
  const number = (value: number) => value.toFixed(3);
  const interval = (range: readonly [number, number]) => `[${number(range[0])}, ${number(range[1])}]`;
  const lines = [
    `run ${run.id} · ${run.versions.method} on ${run.versions.suite} · target ${run.versions.target} · ${run.status}`,
    `  elite ${number(scores.eliteScore)} ${interval(scores.ci.eliteScore)} = 0.40 × overall ${number(scores.overall)} + 0.30 × drift ${number(scores.driftResistance)} + 0.20 × constraint ${number(scores.constraintRetention)} + 0.10 × compression bonus ${number(scores.compressionBonus)}`,
    `  retention ${number(scores.retention)} (ground-truth entries the artifacts carry, computed without the reader)`,
    `  contradiction rate ${number(scores.contradictionRate)} · compression ${scores.compressionRatio.toFixed(1)}x · cases ${scores.cases.complete}/${scores.cases.expected} complete, ${scores.cases.failed} failed`,
    scores.qualification.qualified
      ? `  qualified at ${scores.qualification.tier}`
      : `  not qualified at ${scores.qualification.tier}: ${summarizeFailures(scores.qualification.failures)}`,
    `  families: ${Object.entries(scores.families)
      .map(([family, result]) => `${family} ${number(result.passRate)}`)
      .join(', ')}`,
  ];
  if (scores.verdictMismatches > 0) {
    lines.push(
      `  note: ${scores.verdictMismatches} stored verdict(s) differ from the rescored ones (scored by another scorer version)`,
    );
  }
  return lines.join('\n');
}

/** The first few failed floors, and how many more: twelve family floors in a row would hide the others. */
function summarizeFailures(failures: readonly string[]): string {
  const shown = failures.slice(0, 3).join('; ');
  return failures.length > 3 ? `${shown}; and ${failures.length - 3} more` : shown;
}
