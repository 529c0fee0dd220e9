import { z } from 'zod';
import { CHECK_KINDS, ITEM_WEIGHTS } from '../case/types.js';

// The shapes a benchmark run keeps in the store's untyped `config` / `data` fields. The runner writes through
// these schemas and every reader parses with them (`parseBenchCase`, `parseBenchRunConfig`), so a change to a
// writer that a reader does not follow fails loudly instead of reading `undefined`. Objects are not strict:
// a field a newer writer adds is dropped on read, never an error, and a database written before these
// schemas existed (store schema 1) reads as is: its rows already had these fields.

const itemTypes = Object.keys(ITEM_WEIGHTS) as [keyof typeof ITEM_WEIGHTS, ...(keyof typeof ITEM_WEIGHTS)[]];
const difficulty = z.enum(['easy', 'medium', 'hard', 'elite']);
const tier = z.enum(['2x', '4x', '8x']);
const count = z.number().int().min(0);

/** How a response is checked (see `Check`). */
export const checkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(CHECK_KINDS[0]), value: z.string() }),
  z.object({ kind: z.literal(CHECK_KINDS[1]), value: z.string() }),
  z.object({ kind: z.literal(CHECK_KINDS[2]), values: z.array(z.string()) }),
  z.object({ kind: z.literal(CHECK_KINDS[3]), values: z.array(z.string()) }),
  z.object({ kind: z.literal(CHECK_KINDS[4]), values: z.array(z.string()) }),
]);

/** One evaluation item as stored with its case (see `CaseItem`). */
export const caseItemSchema = z.object({
  key: z.string().min(1),
  type: z.enum(itemTypes),
  prompt: z.string(),
  check: checkSchema,
  answerFormat: z.enum(['free', 'short', 'list']),
  temptingDefault: z.string().optional(),
  cues: z.array(z.string()),
});

/** Where a planned case comes from before it is generated (a failed case may stop here). */
export const caseRequestSchema = z.object({
  suite: z.string(),
  suiteVersion: z.string(),
  difficulty,
  seedGroup: z.string(),
  slot: count,
});

/** Where a generated case comes from (see `CaseOrigin`). */
export const caseOriginSchema = caseRequestSchema.extend({
  templateKey: z.string(),
  templateVersion: z.string(),
  family: z.string(),
});

/** What a perfect artifact would hold (see `CaseGroundTruth`). */
export const groundTruthSchema = z.object({
  immutableFacts: z.array(z.string()),
  lockedDecisions: z.array(z.string()),
  forbiddenBehaviors: z.array(z.string()),
  unresolvedItems: z.array(z.string()),
  deferredItems: z.array(z.string()),
  entityMap: z.record(z.string(), z.string()),
});

/** `data` of a complete case: enough to rescore it and to regenerate and verify its transcript. */
export const benchCaseDataSchema = z.object({
  family: z.string(),
  origin: caseOriginSchema,
  seed: z.string(),
  generatorVersion: z.string(),
  /** SHA-256 of the generated case (stable JSON), to check a regenerated transcript. */
  sha256: z.string(),
  transcriptTokens: count,
  messages: count,
  items: z.array(caseItemSchema),
  groundTruth: groundTruthSchema,
});

/** `data` of a case that failed: what is known when generation itself may have failed. */
export const failedCaseDataSchema = z.union([
  benchCaseDataSchema,
  z.object({ family: z.string(), origin: z.union([caseOriginSchema, caseRequestSchema]) }),
]);

/** `data` of one cycle: sizes, the compaction time and, after cycle 0, the continuation turn and reply. */
export const benchCycleDataSchema = z.object({
  transcriptTokens: count,
  artifactTokens: count,
  compactMs: z.number().min(0),
  userTurn: z.string().optional(),
  reply: z.string().optional(),
});

/** `data` of an item response: the passages a reader answered from (empty for a model target). */
export const benchItemResponseDataSchema = z.object({ evidence: z.array(z.unknown()) });

/** `data` of a verdict: the item type, so a verdict reads without its case. */
export const benchVerdictDataSchema = z.object({ itemType: z.enum(itemTypes) });

/** The configuration of a benchmark run, as stored (`run.config`); its hash is the run's fingerprint. */
export const benchRunConfigSchema = z.object({
  method: z.object({
    name: z.string(),
    version: z.string(),
    config: z.record(z.string(), z.unknown()),
    model: z.string().nullable(),
  }),
  target: z.object({ id: z.string(), kind: z.string(), version: z.string() }),
  suite: z.object({ key: z.string(), version: z.string() }),
  scorer: z.string(),
  generator: z.string(),
  templates: z.array(z.string()).nullable(),
  families: z.array(z.string()).nullable(),
  difficulties: z.array(difficulty),
  cases: count,
  seedGroup: z.string(),
  cycles: count,
  driftMode: z.enum(['incremental', 'full']),
  budgetTokens: count.nullable(),
  tier,
  expectedCases: count,
});

export type BenchCaseData = z.infer<typeof benchCaseDataSchema>;
export type FailedCaseData = z.infer<typeof failedCaseDataSchema>;
export type BenchCycleData = z.infer<typeof benchCycleDataSchema>;
export type BenchItemResponseData = z.infer<typeof benchItemResponseDataSchema>;
export type BenchVerdictData = z.infer<typeof benchVerdictDataSchema>;
export type BenchRunConfig = z.infer<typeof benchRunConfigSchema>;
