import { completeStructured } from './complete-structured.js';
import { createSdkModel, type SdkModelOptions, usesNativeSchema } from './create-sdk-model.js';
import { generateStep, type StepInput } from './generate-step.js';
import { formatModelSpec, type ModelSpec, parseModelSpec } from './parse-model-spec.js';
import { type ProviderConnectionOptions, resolveProviderSettings } from './resolve-provider-settings.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/** Options of `createProviderModel`: where to connect and what the server supports. */
export interface ProviderModelOptions extends ProviderConnectionOptions, SdkModelOptions {}

/**
 * The bare provider model: one `complete` is one request (two for a structured repair) through the AI SDK,
 * without retries, timeout, limits or caching; `createLanguageModel` adds those. The key and base URL are read
 * at each call, so a replayed run needs no key.
 * @example const model = createProviderModel('ollama:llama3.1:8b');
 */
export function createProviderModel(
  spec: string | ModelSpec,
  options: ProviderModelOptions = {},
): LanguageModel {
  const parsed = typeof spec === 'string' ? parseModelSpec(spec) : spec;
  const id = formatModelSpec(parsed);
  return {
    id,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      const settings = resolveProviderSettings(parsed, options);
      const context = { modelId: id, secrets: [settings.apiKey] };
      const input: StepInput = {
        model: await createSdkModel(parsed, settings, options),
        system: request.system,
        messages: request.messages,
        maxTokens: request.maxTokens,
        temperature: request.temperature,
        signal: request.signal,
      };
      if (request.schema !== undefined) {
        return completeStructured(request.schema, input, {
          nativeSchema: usesNativeSchema(parsed, options),
          context,
        });
      }
      const step = await generateStep(input, context);
      return {
        text: step.text,
        usage: step.usage,
        latencyMs: step.latencyMs,
        finishReason: step.finishReason,
      };
    },
  };
}
