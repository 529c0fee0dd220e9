/**
 * compactkit bench/runner: runs a suite through a compactor and a target, cycle by cycle, into the store;
 * resumes killed runs; rescores stored runs from their responses.
 */
export {
  type BenchCaseData,
  type BenchCycleData,
  type BenchItemResponseData,
  type BenchRunConfig,
  type BenchVerdictData,
  benchCaseDataSchema,
  benchCycleDataSchema,
  benchItemResponseDataSchema,
  benchRunConfigSchema,
  benchVerdictDataSchema,
  type FailedCaseData,
  failedCaseDataSchema,
} from './bench-record-schemas.js';
export {
  type BenchProgress,
  type BenchRunOptions,
  DEFAULT_CASE_TIMEOUT_MS,
  type DriftMode,
  type Tier,
} from './bench-run-options.js';
export { continuationTurns } from './continuation-turns.js';
export {
  type BenchCaseRecord,
  type BenchCycle,
  type BenchItemResponse,
  type BenchVerdict,
  parseBenchCase,
  parseBenchRunConfig,
} from './parse-bench-records.js';
export { type PlannedCase, planCases } from './plan-cases.js';
export { type BenchRunResult, runBench } from './run-bench.js';
export { type RunBenchesOptions, type RunBenchesResult, runBenches } from './run-benches.js';
export { type CaseRunContext, forCompactor, runCase } from './run-case.js';
export { type FailureReason, type RunFailures, runFailures } from './run-failures.js';
export { runFingerprint, stableJson } from './run-fingerprint.js';
export { type StoredRunScores, scoreStoredRun, scoreStoredRunAtTiers } from './score-stored-run.js';
