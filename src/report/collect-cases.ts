import { createHash } from 'node:crypto';
import type { CompactionArtifact } from '../artifact/compaction-artifact.js';
import { parseArtifact } from '../artifact/parse-artifact.js';
import { renderArtifact } from '../artifact/render-artifact.js';
import type { CaseItem, Check } from '../bench/case/types.js';
import type { BenchCaseRecord } from '../bench/runner/parse-bench-records.js';
import { judgeItem } from '../bench/scoring/judge-item.js';
import type { ReportCase, ReportCaseOutcome, ReportCycle, ReportItem, ReportRun } from './report-data.js';
import { cutText, REPORT_LIMITS } from './report-limits.js';

/** The expected value of a check in words: what the response must contain, or must not state. */
export function describeCheck(check: Check): string {
  switch (check.kind) {
    case 'contains_normalized':
      return `contains "${check.value}"`;
    case 'forbidden_absent':
      return `does not state "${check.value}" as something to do`;
    case 'contains_all':
      return `contains all of ${check.values.map((value) => `"${value}"`).join(', ')}`;
    case 'contains_any':
      return `contains one of ${check.values.map((value) => `"${value}"`).join(', ')}`;
    case 'in_order':
      return `mentions ${check.values.map((value) => `"${value}"`).join(' then ')}`;
  }
}

interface ArtifactView {
  text: string;
  cut: number;
  digest: string;
  warnings: string[];
}

function artifactView(raw: unknown): ArtifactView {
  let artifact: CompactionArtifact;
  try {
    artifact = parseArtifact(raw, 'stored artifact');
  } catch (error) {
    return {
      text: '',
      cut: 0,
      digest: '',
      warnings: [`the stored artifact does not parse: ${(error as Error).message}`],
    };
  }
  const rendered = renderArtifact(artifact);
  const { text, cut } = cutText(rendered, REPORT_LIMITS.artifactCharacters);
  const digest = createHash('sha256').update(rendered).digest('hex');
  return { text, cut, digest, warnings: artifact.warnings };
}

function cycleOf(
  record: BenchCaseRecord,
  cycle: number,
  items: Map<string, CaseItem>,
  forbidden: string[],
): ReportCycle {
  const data = record.cycles.find((entry) => entry.cycle === cycle)?.data;
  const stored = record.artifacts.find((entry) => entry.cycle === cycle);
  const view: ArtifactView =
    stored === undefined ? { text: '', cut: 0, digest: '', warnings: [] } : artifactView(stored.artifact);
  const reportItems: ReportItem[] = record.itemResponses
    .filter((response) => response.cycle === cycle)
    .map((response) => {
      const item = items.get(response.itemKey);
      // Judged again here, as the scores are: the stored verdict is not what the report trusts.
      const verdict = item === undefined ? undefined : judgeItem(item, response.response, forbidden);
      return {
        key: response.itemKey,
        type: item?.type ?? 'unknown',
        prompt: cutText(item?.prompt ?? response.prompt, REPORT_LIMITS.responseCharacters).text,
        response: cutText(
          response.response ?? '(no response: the call failed)',
          REPORT_LIMITS.responseCharacters,
        ).text,
        expected: item === undefined ? '(item not in the case)' : describeCheck(item.check),
        score: verdict?.score ?? 0,
        violation: verdict?.violation ?? false,
        reason: verdict?.reason ?? 'the case does not list this item',
      };
    });
  return {
    cycle,
    artifactTokens: stored?.tokens ?? data?.artifactTokens ?? null,
    transcriptTokens: data?.transcriptTokens ?? null,
    artifactText: view.text,
    artifactCut: view.cut,
    artifactDigest: view.digest,
    warnings: view.warnings,
    userTurn: data?.userTurn ?? null,
    reply: data?.reply ?? null,
    items: reportItems,
  };
}

/** What one run did on one case, for the drill-down. */
export function collectOutcome(run: ReportRun, record: BenchCaseRecord): ReportCaseOutcome {
  const data = record.status === 'complete' ? record.data : undefined;
  const items = new Map((data?.items ?? []).map((item) => [item.key, item]));
  const forbidden = data?.groundTruth.forbiddenBehaviors ?? [];
  const cycles = [...new Set(record.cycles.map((entry) => entry.cycle))].sort((a, b) => a - b);
  return {
    runId: run.id,
    method: run.method,
    status: record.status,
    error: record.error === undefined ? null : `${record.error.code}: ${record.error.message}`,
    cycles: cycles.map((cycle) => cycleOf(record, cycle, items, forbidden)),
  };
}

/** A drill-down entry for a case, before its transcript is added. */
export function caseEntry(record: BenchCaseRecord): ReportCase {
  const { data } = record;
  return {
    caseKey: record.caseKey,
    family: data?.family ?? 'unknown',
    difficulty: data?.origin.difficulty ?? 'unknown',
    transcriptTokens: data !== undefined && 'transcriptTokens' in data ? data.transcriptTokens : null,
    transcript: null,
    transcriptNote: '',
    outcomes: [],
  };
}
