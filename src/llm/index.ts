/**
 * compactkit language models: one `LanguageModel` interface over OpenAI, Anthropic, Ollama and OpenAI-compatible
 * servers, structured output with one repair retry, and middleware for retries, timeouts, limits, cost, usage
 * metering and record/replay.
 */
export { canonicalJson } from './canonical-json.js';
export { CALL_KEY_VERSION, type CallKeyMaterial, createCallKey, describeRequest } from './create-call-key.js';
export { type CreateLanguageModelOptions, createLanguageModel } from './create-language-model.js';
export {
  createMockLanguageModel,
  type MockLanguageModel,
  type MockLanguageModelOptions,
  type MockReply,
  type MockReplySource,
} from './create-mock-language-model.js';
export { createProviderModel, type ProviderModelOptions } from './create-provider-model.js';
export type { SdkModelOptions } from './create-sdk-model.js';
export { formatUsageSummary } from './format-usage-summary.js';
export { LimitRegistry, type LimitSettings, ModelLimiter } from './limit-registry.js';
export {
  DEFAULT_MAX_REPLY_BYTES,
  limitReplySize,
  MAX_REPLY_BYTES_VARIABLE,
  ReplyTooLargeError,
  resolveMaxReplyBytes,
} from './limit-reply-size.js';
export { loadPriceTable, PRICES_ENVIRONMENT_VARIABLE, type PriceTableOptions } from './load-price-table.js';
export { MemoryCallRecorder } from './memory-call-recorder.js';
export {
  formatModelSpec,
  MODEL_SPEC_FORMS,
  type ModelSpec,
  type ProviderKind,
  parseModelSpec,
} from './parse-model-spec.js';
export { parseRetryAfter } from './parse-retry-after.js';
export { parseStructuredReply, type StructuredReplyResult } from './parse-structured-reply.js';
export {
  computeCostUsd,
  DEFAULT_PRICES,
  findPrice,
  type ModelPrice,
  type PriceTable,
} from './price-table.js';
export {
  isRetryableStatus,
  ProviderError,
  type ProviderErrorFields,
  type ProviderErrorReason,
} from './provider-error.js';
export { ReplayMissError } from './replay-miss-error.js';
export {
  DEFAULT_OLLAMA_BASE_URL,
  type ProviderConnectionOptions,
  type ProviderSettings,
  resolveProviderSettings,
} from './resolve-provider-settings.js';
export { StructuredOutputError, type StructuredOutputErrorFields } from './structured-output-error.js';
export { TokenBucket } from './token-bucket.js';
export type {
  CallRecorder,
  Completion,
  CompletionRequest,
  FinishReason,
  LanguageModel,
  RecordedCall,
  Usage,
} from './types.js';
export {
  type MeteredCall,
  UsageMeter,
  type UsageSummary,
  type UsageTotals,
} from './usage-meter.js';
export { type ModelDefaultsOptions, withDefaults } from './with-defaults.js';
export { wrapCost } from './wrap-cost.js';
export { type LimitOptions, wrapLimits } from './wrap-limits.js';
export {
  CACHE_MODES,
  type CacheMode,
  type RecordReplayOptions,
  wrapRecordReplay,
} from './wrap-record-replay.js';
export { DEFAULT_RETRY, type RetryOptions, wrapRetry } from './wrap-retry.js';
export { DEFAULT_TIMEOUT_MS, type TimeoutOptions, wrapTimeout } from './wrap-timeout.js';
export { type UsageMeterOptions, wrapUsageMeter } from './wrap-usage-meter.js';
