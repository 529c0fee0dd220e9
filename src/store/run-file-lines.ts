import { z } from 'zod';
import {
  caseStatusSchema,
  cycleIndexSchema,
  nonEmptySchema,
  presentSchema,
  recordedErrorSchema,
  runKindSchema,
  runStatusSchema,
  scoreSchema,
  storedErrorSchema,
  storedResponseSchema,
  timestampSchema,
} from './record-schemas.js';
import type { RunContents } from './types.js';

/** The `format` of the header line of a run export. */
export const runFileFormat = 'compactkit-run';
/** The newest export version this build writes and reads; an import refuses a newer one. */
export const runFileVersion = 1;

// A run export is JSONL: a header, the run, each case followed by its children, evaluation rows, probe
// results, LLM calls, and an `end` line counting the lines before it, so a file cut short is refused
// rather than imported as a smaller run. Field names are the store's column names; a field without a value
// is left out.

const runId = nonEmptySchema;

/** Schemas of every line type but the header, keyed by `type`. */
export const lineSchemas = {
  run: z.strictObject({
    type: z.literal('run'),
    id: nonEmptySchema,
    kind: runKindSchema,
    fingerprint: z.string(),
    config: presentSchema,
    versions: z.record(z.string(), z.string()),
    status: runStatusSchema,
    created_at: timestampSchema,
    finished_at: timestampSchema.optional(),
  }),
  case: z.strictObject({
    type: z.literal('case'),
    run_id: runId,
    case_key: nonEmptySchema,
    status: caseStatusSchema,
    error: storedErrorSchema.optional(),
    data: z.unknown().optional(),
    written_at: timestampSchema,
  }),
  cycle: z.strictObject({
    type: z.literal('cycle'),
    run_id: runId,
    case_key: nonEmptySchema,
    cycle: cycleIndexSchema,
    data: z.unknown().optional(),
  }),
  artifact: z.strictObject({
    type: z.literal('artifact'),
    run_id: runId,
    case_key: nonEmptySchema,
    cycle: cycleIndexSchema,
    method: nonEmptySchema,
    artifact: presentSchema,
    tokens: z.number().int('expected an integer').min(0, 'expected an integer >= 0').optional(),
  }),
  item_response: z.strictObject({
    type: z.literal('item_response'),
    run_id: runId,
    case_key: nonEmptySchema,
    cycle: cycleIndexSchema,
    item_key: nonEmptySchema,
    prompt: z.string(),
    response: z.string().optional(),
    data: z.unknown().optional(),
  }),
  verdict: z.strictObject({
    type: z.literal('verdict'),
    run_id: runId,
    case_key: nonEmptySchema,
    cycle: cycleIndexSchema,
    item_key: nonEmptySchema,
    score: scoreSchema,
    violation: z.boolean(),
    reason: z.string().optional(),
    data: z.unknown().optional(),
  }),
  evaluation_row: z.strictObject({
    type: z.literal('evaluation_row'),
    run_id: runId,
    row_key: nonEmptySchema,
    data: presentSchema,
  }),
  probe_result: z.strictObject({
    type: z.literal('probe_result'),
    run_id: runId,
    session_key: nonEmptySchema,
    probe_key: nonEmptySchema,
    data: presentSchema,
  }),
  llm_call: z.strictObject({
    type: z.literal('llm_call'),
    run_id: runId,
    key: nonEmptySchema,
    model_id: nonEmptySchema,
    request: presentSchema,
    response: storedResponseSchema.optional(),
    error: recordedErrorSchema.optional(),
    created_at: timestampSchema,
  }),
  end: z.strictObject({
    type: z.literal('end'),
    lines: z.number().int('expected an integer').min(0, 'expected an integer >= 0'),
  }),
} as const;

/** One line of a run export, by type. */
export type RunFileLine = { [Type in keyof typeof lineSchemas]: z.infer<(typeof lineSchemas)[Type]> };

/** The lines of a run export, in file order, header and end line included. */
export function runFileLines(contents: RunContents): object[] {
  const { run } = contents;
  const id = run.id;
  const lines: object[] = [{ type: 'header', format: runFileFormat, version: runFileVersion }];
  lines.push({
    type: 'run',
    id,
    kind: run.kind,
    fingerprint: run.fingerprint,
    config: run.config,
    versions: run.versions,
    status: run.status,
    created_at: run.createdAt,
    finished_at: run.finishedAt,
  });
  for (const record of contents.cases) {
    const owner = { run_id: id, case_key: record.caseKey };
    lines.push({
      type: 'case',
      ...owner,
      status: record.status,
      error: record.error,
      data: record.data,
      written_at: record.writtenAt,
    });
    for (const cycle of record.cycles)
      lines.push({ type: 'cycle', ...owner, cycle: cycle.cycle, data: cycle.data });
    for (const artifact of record.artifacts) {
      const { cycle, method, tokens } = artifact;
      lines.push({ type: 'artifact', ...owner, cycle, method, artifact: artifact.artifact, tokens });
    }
    for (const item of record.itemResponses) {
      const { cycle, prompt, response, data } = item;
      lines.push({ type: 'item_response', ...owner, cycle, item_key: item.itemKey, prompt, response, data });
    }
    for (const verdict of record.verdicts) {
      const { cycle, score, violation, reason, data } = verdict;
      lines.push({
        type: 'verdict',
        ...owner,
        cycle,
        item_key: verdict.itemKey,
        score,
        violation,
        reason,
        data,
      });
    }
  }
  for (const row of contents.evaluationRows) {
    lines.push({ type: 'evaluation_row', run_id: id, row_key: row.rowKey, data: row.data });
  }
  for (const probe of contents.probeResults) {
    const { sessionKey, probeKey, data } = probe;
    lines.push({ type: 'probe_result', run_id: id, session_key: sessionKey, probe_key: probeKey, data });
  }
  for (const call of contents.llmCalls) {
    const { key, request, response, error } = call;
    lines.push({
      type: 'llm_call',
      run_id: id,
      key,
      model_id: call.modelId,
      request,
      response,
      error,
      created_at: call.createdAt,
    });
  }
  lines.push({ type: 'end', lines: lines.length });
  return lines;
}
