import { createProviderModel, type ProviderModelOptions } from './create-provider-model.js';
import type { ModelSpec } from './parse-model-spec.js';
import type { LanguageModel } from './types.js';
import { type ModelDefaultsOptions, withDefaults } from './with-defaults.js';

/** Options of `createLanguageModel`: connection settings and the middleware. */
export interface CreateLanguageModelOptions extends ProviderModelOptions, ModelDefaultsOptions {}

/**
 * A ready `LanguageModel` from a spec (`openai:<model>`, `anthropic:<model>`, `ollama:<model>`,
 * `openai-compatible:<model>@<baseURL>`) with retries, a timeout, cost and, when given, limits, record/replay and
 * usage metering. Keys and base URLs come from the options, else the environment at each call.
 * @throws ValidationError for a malformed spec; a missing key is a `ProviderError` at the first real call.
 * @example
 * const model = createLanguageModel('openai:gpt-4o-mini', { cache: { recorder: store, mode: 'read-write' } });
 * const { text, usage, costUsd } = await model.complete({ messages: [{ role: 'user', content: 'Hi' }] });
 */
export function createLanguageModel(
  spec: string | ModelSpec,
  options: CreateLanguageModelOptions = {},
): LanguageModel {
  return withDefaults(createProviderModel(spec, options), options);
}
