import { z } from 'zod';
import { parseArtifact } from '../../artifact/parse-artifact.js';
import { renderArtifact } from '../../artifact/render-artifact.js';
import { ValidationError } from '../../errors.js';
import type { CaseRecord, Store } from '../../store/types.js';
import { issuesFromZod } from '../../validation/zod-issues.js';
import type { CaseGroundTruth } from '../case/types.js';
import { artifactRetention } from '../scoring/retention.js';

const groundTruthSchema = z.object({
  immutableFacts: z.array(z.string()).default([]),
  lockedDecisions: z.array(z.string()).default([]),
  forbiddenBehaviors: z.array(z.string()).default([]),
  unresolvedItems: z.array(z.string()).default([]),
  deferredItems: z.array(z.string()).default([]),
  entityMap: z.record(z.string(), z.string()).default({}),
});

/** A run's retention: each case's share of ground-truth entries carried, and their mean over cases. */
export interface StoredRunRetention {
  /** Mean case retention over the cases that have ground truth; a failed case counts 0. */
  retention: number;
  /** Per case key: carried entries / entries, summed over every stored cycle of the case. */
  byCase: Record<string, number>;
}

function groundTruthOf(record: CaseRecord): CaseGroundTruth | undefined {
  const data = z.object({ groundTruth: z.unknown() }).partial().safeParse(record.data);
  if (!data.success || data.data.groundTruth === undefined) return undefined;
  const parsed = groundTruthSchema.safeParse(data.data.groundTruth);
  if (!parsed.success)
    throw new ValidationError(issuesFromZod(parsed.error.issues, ['groundTruth'], `case ${record.caseKey}`));
  return parsed.data;
}

/**
 * Retention of a stored run, computed from its stored artifacts and ground truth without any reader (see
 * `artifactRetention`). Artifacts are read one at a time, so an oracle run's transcripts are never all in
 * memory at once.
 */
export function storedRunRetention(
  store: Store,
  runId: string,
  records: readonly CaseRecord[],
): StoredRunRetention {
  const truths = new Map<string, CaseGroundTruth>();
  const failed: string[] = [];
  for (const record of records) {
    const truth = groundTruthOf(record);
    const hasEntries =
      truth !== undefined &&
      Object.values(truth).some(
        (value) => (Array.isArray(value) ? value.length : Object.keys(value).length) > 0,
      );
    if (!hasEntries) continue;
    if (record.status === 'complete') truths.set(record.caseKey, truth);
    else failed.push(record.caseKey);
  }
  const totals = new Map<string, { carried: number; total: number }>();
  const count = (caseKey: string, artifact: unknown, cycle: number) => {
    const truth = truths.get(caseKey);
    if (truth === undefined) return;
    const parsed = parseArtifact(artifact, `run ${runId}, case ${caseKey}, cycle ${cycle}`);
    const retention = artifactRetention(truth, renderArtifact(parsed));
    const sum = totals.get(caseKey) ?? { carried: 0, total: 0 };
    sum.carried += retention.carried;
    sum.total += retention.total;
    totals.set(caseKey, sum);
  };
  const inRecords = records.some((record) => record.artifacts.length > 0);
  if (inRecords) {
    for (const record of records)
      for (const row of record.artifacts) count(record.caseKey, row.artifact, row.cycle);
  } else store.eachArtifact(runId, (caseKey, row) => count(caseKey, row.artifact, row.cycle));
  const byCase: Record<string, number> = {};
  for (const caseKey of truths.keys()) {
    const sum = totals.get(caseKey);
    byCase[caseKey] = sum === undefined || sum.total === 0 ? 0 : sum.carried / sum.total;
  }
  for (const caseKey of failed) byCase[caseKey] = 0;
  const values = Object.values(byCase);
  const retention = values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return { retention, byCase };
}
