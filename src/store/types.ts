import type { CallRecorder, RecordedCall } from '../llm/types.js';

/** What made a run. */
export type RunKind = 'bench' | 'evaluate' | 'probe';

/** Where a run stands: `running` until `finish`; `incomplete` when it stopped early and can be resumed. */
export type RunStatus = 'running' | 'complete' | 'incomplete' | 'failed';

/** A case either finished (whatever its scores) or failed with an error; both are kept. */
export type CaseStatus = 'complete' | 'failed';

/** An error kept with a record: a stable code and a message, never a bare string. */
export interface StoredError {
  code: string;
  message: string;
  /** Anything else worth keeping (raw text, HTTP status); must be JSON. */
  details?: unknown;
}

/** What `runs.create` needs. Values typed `unknown` must be JSON-serialisable and come back parsed. */
export interface NewRun {
  /** Defaults to a random UUID. */
  id?: string;
  kind: RunKind;
  /** Hash of what makes two runs comparable; a run with the same fingerprint can be resumed. */
  fingerprint: string;
  /** The full configuration of the run. */
  config: unknown;
  /** Versions of what produced the scores, e.g. `{suite: '1.2.0', scorer: '3', method: 'anchored@2'}`. */
  versions: Record<string, string>;
  /** ISO 8601; defaults to now. */
  createdAt?: string;
}

/** A run as stored. */
export interface RunRecord {
  id: string;
  kind: RunKind;
  fingerprint: string;
  config: unknown;
  versions: Record<string, string>;
  status: RunStatus;
  createdAt: string;
  finishedAt?: string;
}

/** Which runs `runs.list` returns; every given field must match. */
export interface RunFilter {
  kind?: RunKind;
  status?: RunStatus;
  fingerprint?: string;
  /** At most this many, newest first. */
  limit?: number;
}

/** One drift cycle of a case (cycle 0 is the first compaction). */
export interface CycleRecord {
  cycle: number;
  data?: unknown;
}

/** The artifact a method produced in one cycle. */
export interface ArtifactRecord {
  cycle: number;
  method: string;
  artifact: unknown;
  /** Size of the artifact in tokens; absent when not counted. */
  tokens?: number;
}

/** What the target was asked about one item and what it answered (absent when the call failed). */
export interface ItemResponseRecord {
  cycle: number;
  itemKey: string;
  prompt: string;
  response?: string;
  data?: unknown;
}

/** The scorer's verdict on one item: a score in [0, 1] and whether a forbidden behaviour was shown. */
export interface VerdictRecord {
  cycle: number;
  itemKey: string;
  score: number;
  violation: boolean;
  reason?: string;
  data?: unknown;
}

/** A case to write: the case and all its children, stored together or not at all. */
export interface CaseInput {
  caseKey: string;
  status: CaseStatus;
  error?: StoredError;
  data?: unknown;
  /** ISO 8601; defaults to now. */
  writtenAt?: string;
  cycles?: CycleRecord[];
  artifacts?: ArtifactRecord[];
  itemResponses?: ItemResponseRecord[];
  verdicts?: VerdictRecord[];
}

/** A case as stored, children in the order they were written. */
export interface CaseRecord extends CaseInput {
  writtenAt: string;
  cycles: CycleRecord[];
  artifacts: ArtifactRecord[];
  itemResponses: ItemResponseRecord[];
  verdicts: VerdictRecord[];
}

/** One row of an evaluation (a system's output on one dataset item and its scores). */
export interface EvaluationRowRecord {
  rowKey: string;
  data: unknown;
}

/** The result of one probe on one session. */
export interface ProbeResultRecord {
  sessionKey: string;
  probeKey: string;
  data: unknown;
}

/** Everything a run produced, as `readRun` returns it and `insertRun` takes it. */
export interface RunContents {
  run: RunRecord;
  cases: CaseRecord[];
  evaluationRows: EvaluationRowRecord[];
  probeResults: ProbeResultRecord[];
  llmCalls: RecordedCall[];
}

/** Token, cost and latency totals over a set of LLM calls. Sums cover the calls that reported a value. */
export interface RecordedUsageTotals {
  calls: number;
  /** Calls recorded with an error. */
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  latencyMs: number;
  /** Calls whose provider did not report token usage: the token sums are lower bounds when this is > 0. */
  callsWithoutUsage: number;
  /** Calls with no known price: `costUsd` is a lower bound when this is > 0. */
  callsWithoutCost: number;
}

/** Totals of one model. */
export interface ModelUsage extends RecordedUsageTotals {
  modelId: string;
}

/** Totals of one run; `runId` is absent for calls made outside any run. */
export interface RunUsage extends RecordedUsageTotals {
  runId?: string;
}

/** The runs table. */
export interface RunStore {
  /** Creates a run with status `running`. @throws StoreError `store_run_exists` when the id is taken. */
  create(run: NewRun): RunRecord;
  /** The run with this id, or undefined. */
  get(id: string): RunRecord | undefined;
  /** Runs matching the filter, newest first. */
  list(filter?: RunFilter): RunRecord[];
  /** Sets the final status and time of a run. @throws StoreError `store_run_not_found`. */
  finish(id: string, status: Exclude<RunStatus, 'running'>, finishedAt?: string): RunRecord;
}

/** The LLM call log: record/replay reads and writes it through `CallRecorder`. */
export interface LlmCallStore extends CallRecorder {
  /** Recorded calls in the order they were made, optionally of one run, key or model. */
  list(filter?: { runId?: string; key?: string; modelId?: string }): RecordedCall[];
  /** Totals per model, optionally within one run. */
  usageByModel(filter?: { runId?: string }): ModelUsage[];
  /** Totals per run. */
  usageByRun(): RunUsage[];
}

/** The results database. Every write is one transaction; nothing here needs SQL from the caller. */
export interface Store {
  /** The database file, or `:memory:`. */
  readonly path: string;
  readonly readonly: boolean;
  /** The schema version of the file (the highest applied migration). */
  readonly schemaVersion: number;
  readonly runs: RunStore;
  readonly llmCalls: LlmCallStore;
  /**
   * Writes a case with its cycles, artifacts, item responses and verdicts in one transaction. With
   * `replaceFailed`, a stored failed case of that key is replaced (a resumed run retrying it); a complete one
   * is never replaced.
   */
  writeCase(runId: string, record: CaseInput, options?: { replaceFailed?: boolean }): void;
  /** Key and status of every stored case of a run, in the order written. */
  caseStatuses(runId: string): { caseKey: string; status: CaseStatus }[];
  /** Keys of the cases a run has stored, in the order written: what a resumed run can skip. */
  caseKeys(runId: string): string[];
  /** Writes one evaluation row in one transaction. */
  writeEvaluationRow(runId: string, row: EvaluationRowRecord): void;
  /** Writes one probe result in one transaction. */
  writeProbeResult(runId: string, result: ProbeResultRecord): void;
  /**
   * The cases of a run with their children, as in `readRun`; with `artifacts: false` every case's `artifacts`
   * is left empty, which is what scoring needs and a fraction of the memory. @throws `store_run_not_found`.
   */
  readCases(runId: string, options?: { artifacts?: boolean }): CaseRecord[];
  /**
   * Calls `visit` with every stored artifact of a run and its case key, one at a time in the order written.
   * @throws `store_run_not_found`.
   */
  eachArtifact(runId: string, visit: (caseKey: string, artifact: ArtifactRecord) => void): void;
  /** Everything a run produced, read from one snapshot. @throws StoreError `store_run_not_found`. */
  readRun(runId: string): RunContents;
  /** Writes a whole run in one transaction, all or nothing. @throws StoreError `store_run_exists`. */
  insertRun(contents: RunContents): void;
  /** Runs SQLite's integrity check; an empty list means the file is sound. */
  checkIntegrity(): string[];
  /** Closes the file; later calls throw. Safe to call twice. */
  close(): void;
}
