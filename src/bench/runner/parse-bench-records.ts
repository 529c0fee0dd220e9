import { ValidationError } from '../../errors.js';
import type {
  ArtifactRecord,
  CaseRecord,
  ItemResponseRecord,
  RunRecord,
  StoredError,
  VerdictRecord,
} from '../../store/types.js';
import { validateInput } from '../../store/validate-input.js';
import {
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

/** A stored item response with its data parsed. */
export interface BenchItemResponse extends Omit<ItemResponseRecord, 'data'> {
  data?: BenchItemResponseData;
}

/** A stored verdict with its data parsed. */
export interface BenchVerdict extends Omit<VerdictRecord, 'data'> {
  data?: BenchVerdictData;
}

/** A stored cycle with its data parsed. */
export interface BenchCycle {
  cycle: number;
  data: BenchCycleData;
}

interface BenchCaseBase {
  caseKey: string;
  writtenAt: string;
  error?: StoredError;
  cycles: BenchCycle[];
  artifacts: ArtifactRecord[];
  itemResponses: BenchItemResponse[];
  verdicts: BenchVerdict[];
}

/** A stored benchmark case, every `data` field parsed: complete cases always carry their items. */
export type BenchCaseRecord =
  | (BenchCaseBase & { status: 'complete'; data: BenchCaseData })
  | (BenchCaseBase & { status: 'failed'; data?: FailedCaseData });

/**
 * Parses a stored benchmark run's configuration.
 * @throws ValidationError naming the run and the field, e.g. `run 1f…: config.cycles: expected a number`.
 */
export function parseBenchRunConfig(run: RunRecord): BenchRunConfig {
  if (run.kind !== 'bench') {
    throw new ValidationError([
      { where: `run ${run.id}`, message: `is a ${run.kind} run, not a benchmark run` },
    ]);
  }
  return validateInput(benchRunConfigSchema, run.config, 'config', `run ${run.id}`);
}

/**
 * Parses a stored benchmark case: its data, and the data of its cycles, responses and verdicts.
 * @throws ValidationError naming the case and the field of the first stored value that does not fit.
 */
export function parseBenchCase(record: CaseRecord): BenchCaseRecord {
  const where = `case ${record.caseKey}`;
  const base: BenchCaseBase = {
    caseKey: record.caseKey,
    writtenAt: record.writtenAt,
    ...(record.error === undefined ? {} : { error: record.error }),
    cycles: record.cycles.map((cycle, index) => ({
      cycle: cycle.cycle,
      data: validateInput(benchCycleDataSchema, cycle.data, `cycles[${index}].data`, where),
    })),
    artifacts: record.artifacts,
    itemResponses: record.itemResponses.map(({ data, ...response }, index) =>
      data === undefined
        ? response
        : {
            ...response,
            data: validateInput(benchItemResponseDataSchema, data, `itemResponses[${index}].data`, where),
          },
    ),
    verdicts: record.verdicts.map(({ data, ...verdict }, index) =>
      data === undefined
        ? verdict
        : { ...verdict, data: validateInput(benchVerdictDataSchema, data, `verdicts[${index}].data`, where) },
    ),
  };
  if (record.status === 'complete') {
    return {
      ...base,
      status: 'complete',
      data: validateInput(benchCaseDataSchema, record.data, 'data', where),
    };
  }
  return record.data === undefined
    ? { ...base, status: 'failed' }
    : { ...base, status: 'failed', data: validateInput(failedCaseDataSchema, record.data, 'data', where) };
}
