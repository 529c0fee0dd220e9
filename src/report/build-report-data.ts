import type { CaseOrigin } from '../bench/case/types.js';
import { parseBenchCase } from '../bench/runner/parse-bench-records.js';
import type { Suite } from '../bench/suites/suite.js';
import type { Store } from '../store/types.js';
import { caseEntry, collectOutcome } from './collect-cases.js';
import { collectRun } from './collect-run.js';
import type { ReportCase, ReportData, ReportRun } from './report-data.js';
import { REPORT_LIMITS } from './report-limits.js';
import { createTranscriptViews } from './transcript-view.js';

/** What goes into a report. */
export interface ReportOptions {
  /** The per-case drill-down (transcripts, artifacts, every item); default true. */
  cases?: boolean;
  /** Folder suites the runs used, to regenerate their transcripts (the shipped suites are found by name). */
  suites?: readonly Suite[];
}

const DIFFICULTY_ORDER = ['easy', 'medium', 'hard', 'elite'];

function comparability(runs: readonly ReportRun[]): ReportData['comparability'] {
  const notes: string[] = [];
  for (const [field, label] of [
    ['suite', 'suites'],
    ['scorer', 'scorers'],
    ['target', 'targets'],
    ['casePlan', 'case plans'],
  ] as const) {
    const values = [...new Set(runs.map((run) => run[field]))];
    if (values.length > 1) notes.push(`the runs have different ${label}: ${values.join(' / ')}`);
  }
  return { comparable: notes.length === 0, notes };
}

/** Each run's overall score against an oracle run on the same cases (same suite, target and case plan). */
function withOracleRatios(runs: readonly ReportRun[]): ReportRun[] {
  const sameCases = (a: ReportRun, b: ReportRun) =>
    a.suite === b.suite && a.target === b.target && a.casePlan === b.casePlan;
  return runs.map((run) => {
    const oracle = runs.find((other) => other.method.split('@')[0] === 'oracle' && sameCases(other, run));
    return oracle === undefined || oracle.overall === 0
      ? run
      : { ...run, vsOracle: run.overall / oracle.overall };
  });
}

/**
 * Everything a report shows of these benchmark runs, recomputed from the store: each run's scores at every
 * tier, drift curve, families and model usage, and per case (across the runs) the transcript, each cycle's
 * artifact and every item with its verdict. Long texts are shortened (see REPORT_LIMITS) and said to be.
 * @throws StoreError `store_run_not_found` for an unknown run id; ValidationError for a run that is not a benchmark run.
 */
export async function buildReportData(
  store: Store,
  runIds: readonly string[],
  options: ReportOptions = {},
): Promise<ReportData> {
  const runs: ReportRun[] = [];
  const cases = new Map<string, ReportCase & { origin?: CaseOrigin; sha256?: string }>();
  for (const runId of runIds) {
    // One run's records at a time: an oracle run's artifacts alone can be hundreds of megabytes.
    const records = store.readCases(runId, { artifacts: options.cases !== false });
    const parsed = records.map(parseBenchCase);
    const run = collectRun(store, runId, records, parsed);
    runs.push(run);
    if (options.cases === false) continue;
    for (const record of parsed) {
      let entry = cases.get(record.caseKey);
      if (entry === undefined) {
        // A case that failed in generation has no generated origin: no transcript to show.
        const data = record.data !== undefined && 'sha256' in record.data ? record.data : undefined;
        entry = { ...caseEntry(record), origin: data?.origin, sha256: data?.sha256 };
        cases.set(record.caseKey, entry);
      }
      entry.outcomes.push(collectOutcome(run, record));
    }
  }
  const transcriptOf = createTranscriptViews(options.suites);
  const ordered = [...cases.values()].sort(
    (a, b) =>
      a.family.localeCompare(b.family) ||
      DIFFICULTY_ORDER.indexOf(a.difficulty) - DIFFICULTY_ORDER.indexOf(b.difficulty) ||
      a.caseKey.localeCompare(b.caseKey),
  );
  const reportCases: ReportCase[] = [];
  for (const { origin, sha256, ...entry } of ordered) {
    const view = await transcriptOf(origin, sha256);
    reportCases.push({ ...entry, transcript: view.messages, transcriptNote: view.note });
  }
  return {
    reportVersion: 1,
    runs: withOracleRatios(runs),
    comparability: comparability(runs),
    cases: reportCases,
    limits: [
      `messages over ${REPORT_LIMITS.messageCharacters} characters, artifacts over ${REPORT_LIMITS.artifactCharacters} and responses over ${REPORT_LIMITS.responseCharacters} are cut; the store holds every text in full (\`compactkit runs export RUN_ID\`)`,
    ],
  };
}
