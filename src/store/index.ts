/**
 * compactkit store: the SQLite results database every run writes to, so every score can be recomputed and
 * audited later. Open it with `openStore`; move a run between databases with `exportRun` / `importRun`.
 */

export type { StoreErrorCode } from '../errors.js';
export { type ExportRunResult, type ExportRunTarget, exportRun } from './export-run.js';
export { type ImportRunResult, importRun } from './import-run.js';
export { type Migration, migrations } from './migrations/index.js';
export { defaultStorePath, type OpenStoreOptions, openStore } from './open-store.js';
export { runFileFormat, runFileVersion } from './run-file-lines.js';
export { StoreError } from './store-error.js';
export type {
  ArtifactRecord,
  CaseInput,
  CaseRecord,
  CaseStatus,
  CycleRecord,
  EvaluationRowRecord,
  ItemResponseRecord,
  LlmCallStore,
  ModelUsage,
  NewRun,
  ProbeResultRecord,
  RecordedUsageTotals,
  RunContents,
  RunFilter,
  RunKind,
  RunRecord,
  RunStatus,
  RunStore,
  RunUsage,
  Store,
  StoredError,
  VerdictRecord,
} from './types.js';
