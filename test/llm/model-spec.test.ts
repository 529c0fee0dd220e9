import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import {
  createLanguageModel,
  DEFAULT_OLLAMA_BASE_URL,
  formatModelSpec,
  ProviderError,
  parseModelSpec,
  resolveProviderSettings,
} from '../../src/llm/index.js';
import { startFakeServer } from './fake-servers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('parseModelSpec', () => {
  it('reads the four forms', () => {
    expect(parseModelSpec('openai:gpt-4o-mini')).toEqual({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(parseModelSpec('anthropic:claude-sonnet-4-5')).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('ollama:llama3.1:8b')).toEqual({ provider: 'ollama', model: 'llama3.1:8b' });
    expect(parseModelSpec('openai-compatible:Qwen/Qwen2.5-7B@http://127.0.0.1:8000/v1/')).toEqual({
      provider: 'openai-compatible',
      model: 'Qwen/Qwen2.5-7B',
      baseURL: 'http://127.0.0.1:8000/v1',
    });
    expect(parseModelSpec('openai-compatible:model@v2@https://openrouter.ai/api/v1').model).toBe('model@v2');
  });

  it('round-trips through formatModelSpec', () => {
    for (const spec of [
      'openai:gpt-4.1',
      'ollama:qwen2.5:7b',
      'openai-compatible:m@http://localhost:1234/v1',
    ]) {
      expect(formatModelSpec(parseModelSpec(spec))).toBe(spec);
    }
  });

  it.each([
    '',
    'gpt-4o',
    'openai:',
    'mistral:large',
    'openai-compatible:model',
    'openai-compatible:model@ftp://host/v1',
    'openai-compatible:@http://host/v1',
  ])('rejects %j, naming the accepted forms', (spec) => {
    expect(() => parseModelSpec(spec)).toThrow(ValidationError);
    try {
      parseModelSpec(spec);
    } catch (error) {
      expect((error as Error).message).toMatch(/openai-compatible:<model>@<baseURL>/);
    }
  });

  it('refuses keys in the base URL without echoing them', () => {
    for (const spec of [
      'openai-compatible:m@http://user:sk-test-SECRET123@host/v1',
      'openai-compatible:m@http://host/v1?key=sk-test-SECRET123',
    ]) {
      expect(() => parseModelSpec(spec)).toThrow(/COMPACTKIT_OPENAI_COMPATIBLE_API_KEY/);
      expect(() => parseModelSpec(spec)).not.toThrow(/SECRET123/);
    }
  });
});

describe('resolveProviderSettings', () => {
  const openai = parseModelSpec('openai:gpt-4o');
  const anthropic = parseModelSpec('anthropic:claude-opus-4-1');

  it('prefers explicit options, then COMPACTKIT_*, then the usual variables, then defaults', () => {
    const environment = {
      OPENAI_API_KEY: 'usual',
      COMPACTKIT_OPENAI_API_KEY: 'override',
      OPENAI_BASE_URL: 'http://usual/v1',
      COMPACTKIT_OPENAI_BASE_URL: 'http://override/v1',
    };
    expect(resolveProviderSettings(openai, {}, environment)).toEqual({
      apiKey: 'override',
      baseURL: 'http://override/v1',
    });
    expect(
      resolveProviderSettings(openai, { apiKey: 'explicit', baseURL: 'http://explicit/v1' }, environment),
    ).toEqual({
      apiKey: 'explicit',
      baseURL: 'http://explicit/v1',
    });
    expect(
      resolveProviderSettings(openai, {}, { OPENAI_API_KEY: 'usual', COMPACTKIT_OPENAI_API_KEY: '' }),
    ).toEqual({
      apiKey: 'usual',
      baseURL: 'https://api.openai.com/v1',
    });
    expect(resolveProviderSettings(anthropic, {}, { ANTHROPIC_API_KEY: 'a' })).toEqual({
      apiKey: 'a',
      baseURL: 'https://api.anthropic.com/v1',
    });
  });

  it('accepts an Anthropic base URL with or without /v1', () => {
    const environment = { ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'https://proxy.example.com/' };
    expect(resolveProviderSettings(anthropic, {}, environment).baseURL).toBe('https://proxy.example.com/v1');
    const withPath = {
      ANTHROPIC_API_KEY: 'a',
      COMPACTKIT_ANTHROPIC_BASE_URL: 'https://proxy.example.com/anthropic/v1',
    };
    expect(resolveProviderSettings(anthropic, {}, withPath).baseURL).toBe(
      'https://proxy.example.com/anthropic/v1',
    );
  });

  it('needs no key for Ollama and an optional one for OpenAI-compatible servers', () => {
    const ollama = parseModelSpec('ollama:llama3.1:8b');
    expect(resolveProviderSettings(ollama, {}, {})).toEqual({
      apiKey: undefined,
      baseURL: DEFAULT_OLLAMA_BASE_URL,
    });
    expect(resolveProviderSettings(ollama, {}, { OLLAMA_BASE_URL: 'http://gpu:11434/v1' }).baseURL).toBe(
      'http://gpu:11434/v1',
    );
    const compatible = parseModelSpec('openai-compatible:m@http://127.0.0.1:8000/v1');
    expect(resolveProviderSettings(compatible, {}, {}).apiKey).toBeUndefined();
    // An OpenAI key must never travel to a third-party host named in the spec.
    expect(resolveProviderSettings(compatible, {}, { OPENAI_API_KEY: 'o' }).apiKey).toBeUndefined();
    expect(
      resolveProviderSettings(
        compatible,
        {},
        { OPENAI_API_KEY: 'o', COMPACTKIT_OPENAI_COMPATIBLE_API_KEY: 'c' },
      ),
    ).toEqual({ apiKey: 'c', baseURL: 'http://127.0.0.1:8000/v1' });
  });
});

describe('a missing key', () => {
  it.each([
    [
      'openai:gpt-4o-mini',
      'openai:gpt-4o-mini: no API key: set OPENAI_API_KEY (or COMPACTKIT_OPENAI_API_KEY)',
    ],
    [
      'anthropic:claude-3-5-haiku-latest',
      'anthropic:claude-3-5-haiku-latest: no API key: set ANTHROPIC_API_KEY (or COMPACTKIT_ANTHROPIC_API_KEY)',
    ],
  ])('is a one-line ProviderError for %s naming the variables', async (spec, message) => {
    for (const name of [
      'OPENAI_API_KEY',
      'COMPACTKIT_OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'COMPACTKIT_ANTHROPIC_API_KEY',
    ]) {
      vi.stubEnv(name, '');
    }
    const model = createLanguageModel(spec);
    const error = await model
      .complete({ messages: [{ role: 'user', content: 'Hi' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message, reason: 'missing-key', isRetryable: false, attempts: 0 });
  });

  it('is looked up at call time, not when the model is created', async () => {
    const server = await startFakeServer('openai');
    try {
      vi.stubEnv('OPENAI_API_KEY', '');
      vi.stubEnv('COMPACTKIT_OPENAI_API_KEY', '');
      const model = createLanguageModel('openai:gpt-4o-mini');
      vi.stubEnv('OPENAI_API_KEY', 'sk-late');
      vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
      expect((await model.complete({ messages: [{ role: 'user', content: 'Hi' }] })).text).toBe('ok');
      expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-late');
    } finally {
      await server.close();
    }
  });
});
