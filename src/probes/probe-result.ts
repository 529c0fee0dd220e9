import { z } from 'zod';
import type { JudgeVerdict } from './judge-types.js';
import type { Probe } from './probe-types.js';

/** One probe answered under one method at one compaction point, and how the judge scored it. */
export interface ProbeResult {
  sessionKey: string;
  taskType: string;
  /** The compaction point: the history before this message index was compacted. */
  point: number;
  method: string;
  probe: Probe;
  /** Tokens of the history before the point, and of the compacted context. */
  tokensBefore: number;
  tokensAfter: number;
  answer?: string;
  verdict?: JudgeVerdict;
  /** Set when compaction, answering or judging failed: the row is kept, not scored. */
  error?: { stage: 'compact' | 'answer' | 'judge'; code: string; message: string };
}

const localizedNumberRecord = z.record(z.string(), z.number());

/** The stored shape of a probe result, checked when a run is resumed or reported (stored data is not trusted). */
export const probeResultSchema: z.ZodType<ProbeResult> = z.object({
  sessionKey: z.string(),
  taskType: z.string(),
  point: z.number().int(),
  method: z.string(),
  probe: z.object({
    id: z.string(),
    type: z.enum(['recall', 'artifact', 'continuation', 'decision']),
    question: z.string(),
    groundTruth: z.object({ text: z.string(), facts: z.array(z.string()), messageIds: z.array(z.string()) }),
    criteria: z.array(z.string()),
    source: z.enum(['deterministic', 'model']),
  }),
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  answer: z.string().optional(),
  verdict: z
    .object({
      criterionResults: z.array(
        z.object({ criterionId: z.string(), score: z.number(), reasoning: z.string() }),
      ),
      dimensionScores: localizedNumberRecord,
      aggregateScore: z.number(),
      reportedAggregateScore: z.number().optional(),
      judgeId: z.string(),
    })
    .optional(),
  error: z
    .object({ stage: z.enum(['compact', 'answer', 'judge']), code: z.string(), message: z.string() })
    .optional(),
});

/** The key a result is stored under within its session: point, method and probe. */
export function probeResultKey(point: number, method: string, probeId: string): string {
  return `p${point}/${method}/${probeId}`;
}
