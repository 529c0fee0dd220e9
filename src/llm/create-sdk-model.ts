import type { LanguageModel as SdkLanguageModel } from 'ai';
import { limitReplySize, resolveMaxReplyBytes } from './limit-reply-size.js';
import type { ModelSpec } from './parse-model-spec.js';
import type { ProviderSettings } from './resolve-provider-settings.js';

/** Options that change how the AI SDK model is built. */
export interface SdkModelOptions {
  /**
   * For `ollama` and `openai-compatible`: the server accepts `response_format: json_schema`. When false (the
   * default) structured calls use JSON mode with the schema in the system prompt, then validate.
   */
  supportsStructuredOutputs?: boolean;
  /**
   * The most bytes of a reply's HTTP body read before the call fails with reason `reply-too-large`; else
   * `COMPACTKIT_MAX_REPLY_BYTES`, else 1 MiB (`DEFAULT_MAX_REPLY_BYTES`).
   */
  maxReplyBytes?: number;
}

/** Whether the provider is sent the JSON schema itself rather than only asked for JSON. */
export function usesNativeSchema(spec: ModelSpec, options: SdkModelOptions): boolean {
  return (
    spec.provider === 'openai' || spec.provider === 'anthropic' || options.supportsStructuredOutputs === true
  );
}

/**
 * Builds the AI SDK model for a spec: OpenAI's Chat Completions API, Anthropic Messages, or OpenAI-compatible.
 * The provider package loads on first use, so importing compactkit does not pay for SDKs a run never calls.
 */
export async function createSdkModel(
  spec: ModelSpec,
  settings: ProviderSettings,
  options: SdkModelOptions = {},
): Promise<SdkLanguageModel> {
  const { apiKey, baseURL } = settings;
  const fetch = limitReplySize(resolveMaxReplyBytes(options.maxReplyBytes));
  switch (spec.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey, baseURL, fetch }).chat(spec.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL, fetch })(spec.model);
    }
    case 'ollama':
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: spec.provider,
        baseURL,
        fetch,
        ...(apiKey === undefined ? {} : { apiKey }),
        includeUsage: true,
        supportsStructuredOutputs: options.supportsStructuredOutputs === true,
      }).chatModel(spec.model);
    }
  }
}
