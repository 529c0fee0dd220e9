import type { ModelSpec } from './parse-model-spec.js';
import { formatModelSpec } from './parse-model-spec.js';
import { ProviderError } from './provider-error.js';

/** Explicit connection settings; each beats the environment. */
export interface ProviderConnectionOptions {
  /** API key; otherwise read from the environment at call time. */
  apiKey?: string;
  /** Base URL of the API, e.g. `https://api.openai.com/v1`; ignored for `openai-compatible` (the spec holds it). */
  baseURL?: string;
}

/** Where a call goes and with which key. */
export interface ProviderSettings {
  apiKey: string | undefined;
  baseURL: string;
}

/** Default base URL of a local Ollama server's OpenAI-compatible API. */
export const DEFAULT_OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Resolves key and base URL: explicit option > `COMPACTKIT_*` variable > the provider's usual variable > default.
 * Reads the environment when called, never at import.
 * @throws ProviderError (reason `missing-key`) naming the variables to set, when OpenAI or Anthropic has no key.
 */
export function resolveProviderSettings(
  spec: ModelSpec,
  options: ProviderConnectionOptions = {},
  environment: Environment = process.env,
): ProviderSettings {
  const read = (...names: string[]): string | undefined => {
    for (const name of names) {
      const value = environment[name]?.trim();
      if (value) return value;
    }
    return undefined;
  };
  switch (spec.provider) {
    case 'openai':
    case 'anthropic': {
      const upper = spec.provider.toUpperCase();
      const keyNames = [`COMPACTKIT_${upper}_API_KEY`, `${upper}_API_KEY`];
      const apiKey = options.apiKey ?? read(...keyNames);
      if (apiKey === undefined) {
        throw new ProviderError(
          `${formatModelSpec(spec)}: no API key: set ${keyNames[1]} (or ${keyNames[0]})`,
          { modelId: formatModelSpec(spec), reason: 'missing-key', isRetryable: false, attempts: 0 },
        );
      }
      const configured = options.baseURL ?? read(`COMPACTKIT_${upper}_BASE_URL`, `${upper}_BASE_URL`);
      if (spec.provider === 'openai') return { apiKey, baseURL: configured ?? 'https://api.openai.com/v1' };
      return { apiKey, baseURL: withVersionPath(configured ?? 'https://api.anthropic.com/v1') };
    }
    case 'ollama':
      return {
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? read('OLLAMA_BASE_URL') ?? DEFAULT_OLLAMA_BASE_URL,
      };
    case 'openai-compatible':
      return {
        // Never OPENAI_API_KEY: that would send a real OpenAI key to whatever host the spec names.
        apiKey: options.apiKey ?? read('COMPACTKIT_OPENAI_COMPATIBLE_API_KEY'),
        baseURL: spec.baseURL ?? '',
      };
  }
}

/** Anthropic's own SDK takes the bare origin (`https://api.anthropic.com`), the AI SDK wants `/v1`: accept both. */
function withVersionPath(baseURL: string): string {
  const trimmed = baseURL.replace(/\/+$/, '');
  try {
    return new URL(trimmed).pathname === '/' ? `${trimmed}/v1` : trimmed;
  } catch {
    return trimmed;
  }
}
