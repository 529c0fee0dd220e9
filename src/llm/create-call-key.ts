import { createHash } from 'node:crypto';
import type { Message } from '../messages/types.js';
import { canonicalJson } from './canonical-json.js';
import { parseModelSpec } from './parse-model-spec.js';
import { toJsonSchema } from './to-json-schema.js';
import type { CompletionRequest } from './types.js';

/** Bumped when the key material changes shape, so old recordings miss instead of matching wrongly. */
export const CALL_KEY_VERSION = 1;

/** Everything that decides a model's answer, as the cache key hashes it and the store records it. */
export interface CallKeyMaterial {
  version: number;
  /** From the model id when it is a spec (`openai`, `anthropic`, …); absent for other ids. */
  provider?: string;
  model: string;
  /** Only for `openai-compatible`: which server. */
  baseURL?: string;
  parameters: { maxTokens?: number; temperature?: number };
  system?: string;
  /** The messages without `id` and `turn`, which are never sent to the model. */
  messages: Message[];
  /** The JSON Schema of the requested structure (`z.toJSONSchema`, input side). */
  schema?: Record<string, unknown>;
}

/** The key material of a request to a model: provider, model, parameters, system, messages and schema. */
export function describeRequest(modelId: string, request: CompletionRequest<unknown>): CallKeyMaterial {
  const spec = parseSpecOrUndefined(modelId);
  return {
    version: CALL_KEY_VERSION,
    ...(spec === undefined
      ? { model: modelId }
      : { provider: spec.provider, model: spec.model, baseURL: spec.baseURL }),
    parameters: { maxTokens: request.maxTokens, temperature: request.temperature },
    system: request.system,
    messages: request.messages.map(({ id: _id, turn: _turn, ...sent }) => sent),
    schema: request.schema === undefined ? undefined : toJsonSchema(request.schema),
  };
}

/** SHA-256 (hex) of the canonical JSON of the key material. */
export function createCallKey(material: CallKeyMaterial): string {
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

function parseSpecOrUndefined(modelId: string) {
  try {
    return parseModelSpec(modelId);
  } catch {
    return undefined;
  }
}
