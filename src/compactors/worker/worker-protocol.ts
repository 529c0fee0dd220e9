import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import {
  CompactkitError,
  type CompactkitErrorCode,
  ValidationError,
  type ValidationIssue,
} from '../../errors.js';
import type { Completion, CompletionRequest } from '../../llm/types.js';
import type { CompactorInput } from '../types.js';

/** What the worker is started with: the method to load, as `loadCompactor` takes it. */
export interface WorkerSetup {
  spec: string;
  options: Record<string, unknown>;
}

/** The method's identity and flags, sent once it has loaded in the worker. */
export interface WorkerMethodInfo {
  name: string;
  version: string;
  description?: string;
  needsModel?: boolean;
  deterministic?: boolean;
  config?: Record<string, unknown>;
}

/** An error as it crosses the thread boundary: enough to rebuild a `CompactkitError` with its code. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  issues?: ValidationIssue[];
}

/** Messages from the parent to the worker. */
export type ToWorker =
  | { type: 'compact'; input: CompactorInput; modelId?: string }
  | { type: 'model-result'; callId: number; completion: Completion }
  | { type: 'model-error'; callId: number; error: SerializedError };

/** Messages from the worker to the parent. */
export type FromWorker =
  | { type: 'ready'; info: WorkerMethodInfo }
  | { type: 'load-error'; error: SerializedError }
  | { type: 'model-call'; callId: number; request: Omit<CompletionRequest, 'signal' | 'schema'> }
  | { type: 'compact-result'; artifact: CompactionArtifact }
  | { type: 'compact-error'; error: SerializedError };

/** Codes an error from a method keeps when it crosses the boundary; anything else becomes `method_failed`. */
const KEPT_CODES: readonly CompactkitErrorCode[] = [
  'invalid_input',
  'invalid_config',
  'io_error',
  'method_failed',
  'provider_error',
  'structured_output_invalid',
  'replay_miss',
  'timeout',
];

/** An error as plain data that `postMessage` can copy. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof ValidationError)
    return { name: error.name, message: error.message, code: error.code, issues: [...error.issues] };
  if (error instanceof CompactkitError) return { name: error.name, message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: `${error.name}: ${error.message}` };
  return { name: 'Error', message: String(error) };
}

/** The error again, on the other side: a ValidationError with its issues, or a CompactkitError with its code. */
export function deserializeError(error: SerializedError): CompactkitError {
  if (error.issues !== undefined) return new ValidationError(error.issues);
  const code = KEPT_CODES.find((known) => known === error.code);
  return new CompactkitError(code ?? 'method_failed', error.message);
}
