import { CompactkitError } from '../errors.js';
import { createCallKey, describeRequest } from './create-call-key.js';
import { parseStructuredReply } from './parse-structured-reply.js';
import { ReplayMissError } from './replay-miss-error.js';
import { StructuredOutputError } from './structured-output-error.js';
import type { CallRecorder, Completion, CompletionRequest, LanguageModel, RecordedCall } from './types.js';

/**
 * How calls use the record/replay cache: `read-write` answers from a recording when there is one and records
 * new calls; `replay-only` never calls the model (a miss is a `ReplayMissError`); `refresh` always calls and
 * records; `off` neither reads nor writes.
 */
export type CacheMode = 'read-write' | 'replay-only' | 'refresh' | 'off';

/** The cache modes, in the order help text lists them. */
export const CACHE_MODES: readonly CacheMode[] = ['read-write', 'replay-only', 'refresh', 'off'];

/** Options of `wrapRecordReplay`. */
export interface RecordReplayOptions {
  recorder: CallRecorder;
  /** `read-write` when absent. */
  mode?: CacheMode;
  /**
   * Stored with each new recording, to tie calls to a run. A function is asked at each call, for a model
   * made before its run exists (a benchmark target).
   */
  runId?: string | (() => string | undefined);
}

/**
 * Records every call (failed ones with their error, and the raw text of an invalid structured reply) and
 * answers repeated requests from the recordings, keyed by a SHA-256 of provider, model, parameters, system,
 * messages and schema. A replayed completion has `cached: true` and the original latency, usage and cost.
 * @example const model = wrapRecordReplay(base, { recorder: store, mode: 'replay-only' });
 */
export function wrapRecordReplay(model: LanguageModel, options: RecordReplayOptions): LanguageModel {
  const { recorder } = options;
  const mode = options.mode ?? 'read-write';
  return {
    id: model.id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      if (mode === 'off') return model.complete(request);
      const material = describeRequest(model.id, request);
      const key = createCallKey(material);
      if (mode === 'read-write' || mode === 'replay-only') {
        const found = recorder.find(key);
        if (found?.response !== undefined) return fromRecording(model.id, found.response, request);
        if (mode === 'replay-only') throw new ReplayMissError(key, model.id);
      }
      const runId = typeof options.runId === 'function' ? options.runId() : options.runId;
      const base = { key, modelId: model.id, request: material, ...(runId === undefined ? {} : { runId }) };
      let completion: Completion<T>;
      try {
        completion = await model.complete(request);
      } catch (error) {
        // A caller's cancellation says nothing about the model: nothing to keep.
        if (!request.signal?.aborted) {
          recorder.record({ ...base, error: describeError(error), createdAt: new Date().toISOString() });
        }
        throw error;
      }
      const { cached: _cached, ...response } = completion;
      recorder.record({ ...base, response, createdAt: new Date().toISOString() });
      return completion;
    },
  };
}

function fromRecording<T>(
  modelId: string,
  response: NonNullable<RecordedCall['response']>,
  request: CompletionRequest<T>,
): Completion<T> {
  const completion: Completion<T> = {
    text: response.text,
    usage: { inputTokens: response.usage?.inputTokens, outputTokens: response.usage?.outputTokens },
    latencyMs: response.latencyMs,
    finishReason: response.finishReason,
    ...(response.costUsd === undefined ? {} : { costUsd: response.costUsd }),
    cached: true,
  };
  if (request.schema === undefined) return completion;
  // Parse again rather than trust the stored object, so transforms and defaults of the schema apply as live.
  const parsed = parseStructuredReply(response.text, request.schema);
  if (!parsed.success) {
    throw new StructuredOutputError({
      modelId,
      rawText: response.text,
      validationMessage: parsed.message,
      attempts: 1,
    });
  }
  return { ...completion, object: parsed.value };
}

function describeError(error: unknown): NonNullable<RecordedCall['error']> {
  const code = error instanceof CompactkitError ? error.code : 'unexpected_error';
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof StructuredOutputError
    ? { code, message, rawText: error.rawText }
    : { code, message };
}
