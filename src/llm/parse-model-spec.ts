import { ValidationError } from '../errors.js';
import { sanitizeUrl } from './redact.js';

/** The provider kinds a model spec can name. */
export type ProviderKind = 'openai' | 'anthropic' | 'ollama' | 'openai-compatible';

/** A parsed model spec such as `openai:gpt-4o-mini` or `openai-compatible:qwen2.5@http://127.0.0.1:8000/v1`. */
export interface ModelSpec {
  provider: ProviderKind;
  /** The model name the provider knows, e.g. `gpt-4o-mini`, `llama3.1:8b`. */
  model: string;
  /** Only for `openai-compatible`: the server's base URL, e.g. `http://127.0.0.1:8000/v1`. */
  baseURL?: string;
}

/** The accepted spec forms, as error messages and help text show them. */
export const MODEL_SPEC_FORMS =
  'openai:<model>, anthropic:<model>, ollama:<model> or openai-compatible:<model>@<baseURL>';

const SIMPLE_PROVIDERS: readonly ProviderKind[] = ['openai', 'anthropic', 'ollama'];

/**
 * Parses a model spec string; the model name may itself contain `:` (`ollama:llama3.1:8b`).
 * @throws ValidationError naming the accepted forms.
 * @example parseModelSpec('openai-compatible:qwen2.5-7b@http://127.0.0.1:8000/v1')
 */
export function parseModelSpec(spec: string): ModelSpec {
  const colon = spec.indexOf(':');
  const provider = colon > 0 ? spec.slice(0, colon) : '';
  const rest = colon > 0 ? spec.slice(colon + 1).trim() : '';
  if (provider === 'openai-compatible') {
    const match = /^(.+?)@(https?:\/\/.+)$/.exec(rest);
    if (match === null)
      fail(spec, `expected openai-compatible:<model>@<baseURL>, e.g. llama3@http://127.0.0.1:8000/v1`);
    return { provider, model: match[1]!, baseURL: checkBaseURL(spec, match[1]!, match[2]!) };
  }
  if ((SIMPLE_PROVIDERS as readonly string[]).includes(provider) && rest !== '') {
    return { provider: provider as ProviderKind, model: rest };
  }
  return fail(spec, `expected ${MODEL_SPEC_FORMS}`);
}

/** The canonical string of a spec, used as the model id. */
export function formatModelSpec(spec: ModelSpec): string {
  const base = `${spec.provider}:${spec.model}`;
  return spec.baseURL === undefined ? base : `${base}@${spec.baseURL}`;
}

function checkBaseURL(spec: string, model: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(spec, `"${text}" is not a URL`);
  }
  // Keys belong in the environment: a URL ends up in ids, logs and the store.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    fail(
      `openai-compatible:${model}@${sanitizeUrl(text)}`,
      'the base URL must not hold credentials, a query or a fragment; put the key in COMPACTKIT_OPENAI_COMPATIBLE_API_KEY',
    );
  }
  return text.replace(/\/+$/, '');
}

function fail(spec: string, message: string): never {
  // A spec is short; anything long is cut so that a value pasted in the wrong place is not echoed whole.
  const shown = spec.length > 80 ? `${spec.slice(0, 40)}…` : spec;
  throw new ValidationError([{ where: `model spec "${shown}"`, message }]);
}
