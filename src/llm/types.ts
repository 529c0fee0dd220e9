import type { z } from 'zod';
import type { Message } from '../messages/types.js';

/** Token usage of one call. `undefined` means the provider did not say: unknown is not zero. */
export interface Usage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** Why generation stopped, normalised across providers. */
export type FinishReason =
  | 'stop'
  | 'length'
  | 'content-filter'
  | 'tool-calls'
  | 'error'
  | 'other'
  | 'unknown';

/** One request to a language model. */
export interface CompletionRequest<T = unknown> {
  /** Instructions sent as the provider's system prompt. */
  system?: string;
  /** The conversation; `id` and `turn` are not sent and do not change the cache key. */
  messages: Message[];
  /** Most tokens to generate; the provider's default when absent. */
  maxTokens?: number;
  /** Sampling temperature; the provider's default when absent. */
  temperature?: number;
  /** When given, the reply must be JSON matching it; the validated value is returned as `object`. */
  schema?: z.ZodType<T>;
  /** Cancels the call; the promise then rejects with the signal's reason and is not retried. */
  signal?: AbortSignal;
}

/** The model's answer and what it cost. */
export interface Completion<T = unknown> {
  /** The reply as the model sent it (for a structured call, the JSON text). */
  text: string;
  /** The validated value, when the request had a schema. */
  object?: T;
  usage: Usage;
  /** Wall time of the original call (a replayed call reports the recorded latency). */
  latencyMs: number;
  finishReason: FinishReason;
  /** Estimated from the price table; undefined when the model has no known price. */
  costUsd?: number;
  /** True when the answer came from the record/replay cache. */
  cached?: boolean;
}

/**
 * The one interface every caller of a model uses: the benchmark targets, LLM compactors, evaluators and the
 * probe judge. Structural: implement `id` and `complete`, never subclass.
 */
export interface LanguageModel {
  /** The model spec it was made from, e.g. `openai:gpt-4o-mini`; never contains a key. */
  readonly id: string;
  complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>>;
}

/** A recorded call, as the store keeps it for audit and replay. */
export interface RecordedCall {
  /** Hash of (provider, model, parameters, messages, schema): the cache key. */
  key: string;
  modelId: string;
  /** The request as sent (system, messages, parameters, JSON schema), without secrets. */
  request: unknown;
  response?: Omit<Completion, 'cached'>;
  /** Set when the call failed for good; the raw text of an invalid structured reply is kept here too. */
  error?: { code: string; message: string; rawText?: string };
  runId?: string;
  createdAt: string;
}

/** Where record/replay reads and writes calls; the SQLite store implements it. */
export interface CallRecorder {
  /** The newest successful recorded call with this key, if any. */
  find(key: string): RecordedCall | undefined;
  /** Appends a call (successful or failed) in one transaction. */
  record(call: RecordedCall): void;
}
