import { vi } from 'vitest';
import {
  type CreateLanguageModelOptions,
  createLanguageModel,
  type LanguageModel,
} from '../../src/llm/index.js';
import type { FakeServer, ReceivedRequest, WireFormat } from './fake-servers.js';

/** A request body reduced to what every wire format has. */
export interface SentRequest {
  model: unknown;
  system: string | undefined;
  messages: { role: string; text: string }[];
  maxTokens: unknown;
  temperature: unknown;
  /** How JSON was asked for. */
  structuredMode: 'json_schema' | 'json_object' | 'output_config' | 'json_tool' | 'none';
  /** The key as the server received it (bearer or x-api-key). */
  apiKey: string | undefined;
}

/** One provider kind run through the shared wire suite. */
export interface ProviderCase {
  name: string;
  format: WireFormat;
  /** The key the case configures, or undefined for keyless servers. */
  apiKey: string | undefined;
  create(server: FakeServer, options?: CreateLanguageModelOptions): LanguageModel;
}

const FAST: CreateLanguageModelOptions = { retry: { baseDelayMs: 1 } };

/** The four provider kinds, each pointed at a fake server the way a user would point it at a real one. */
export const PROVIDER_CASES: readonly ProviderCase[] = [
  {
    name: 'openai',
    format: 'openai',
    apiKey: 'sk-openai-test',
    create: (server, options) =>
      createLanguageModel('openai:gpt-4o-mini', {
        apiKey: 'sk-openai-test',
        baseURL: server.baseURL,
        ...FAST,
        ...options,
      }),
  },
  {
    name: 'anthropic',
    format: 'anthropic',
    apiKey: 'sk-ant-test',
    create: (server, options) => {
      vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-test');
      vi.stubEnv('ANTHROPIC_BASE_URL', server.baseURL);
      return createLanguageModel('anthropic:claude-sonnet-4-5', { ...FAST, ...options });
    },
  },
  {
    name: 'ollama',
    format: 'openai',
    apiKey: undefined,
    create: (server, options) => {
      vi.stubEnv('OLLAMA_BASE_URL', server.baseURL);
      return createLanguageModel('ollama:llama3.1:8b', { ...FAST, ...options });
    },
  },
  {
    name: 'openai-compatible',
    format: 'openai',
    apiKey: 'sk-compatible-test',
    create: (server, options) => {
      vi.stubEnv('COMPACTKIT_OPENAI_COMPATIBLE_API_KEY', 'sk-compatible-test');
      return createLanguageModel(`openai-compatible:qwen2.5-7b@${server.baseURL}`, { ...FAST, ...options });
    },
  },
];

/** Reads a received request the same way for both wire formats. */
export function sentRequest(request: ReceivedRequest): SentRequest {
  const body = request.body as Record<string, unknown> & { messages?: { role: string; content: unknown }[] };
  const authorization = request.headers.authorization;
  const apiKey =
    typeof request.headers['x-api-key'] === 'string'
      ? request.headers['x-api-key']
      : authorization?.replace(/^Bearer /, '');
  let system: string | undefined;
  const messages: { role: string; text: string }[] = [];
  for (const message of body.messages ?? []) {
    if (message.role === 'system') system = textOf(message.content);
    else messages.push({ role: message.role, text: textOf(message.content) });
  }
  if (Array.isArray(body.system)) system = textOf(body.system);
  return {
    model: body.model,
    system,
    messages,
    maxTokens: body.max_tokens,
    temperature: body.temperature,
    structuredMode: structuredMode(body),
    apiKey,
  };
}

function structuredMode(body: Record<string, unknown>): SentRequest['structuredMode'] {
  const format = body.response_format as { type?: string } | undefined;
  if (format?.type === 'json_schema') return 'json_schema';
  if (format?.type === 'json_object') return 'json_object';
  if (body.output_config !== undefined) return 'output_config';
  if (Array.isArray(body.tools) && body.tools.some((tool: { name?: string }) => tool.name === 'json'))
    return 'json_tool';
  return 'none';
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');
}
