import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import {
  computeCostUsd,
  createMockLanguageModel,
  DEFAULT_PRICES,
  findPrice,
  formatUsageSummary,
  loadPriceTable,
  MemoryCallRecorder,
  ProviderError,
  UsageMeter,
  withDefaults,
  wrapCost,
} from '../../src/llm/index.js';

const hello = { messages: [{ role: 'user' as const, content: 'Hello' }] };
const usage = (inputTokens: number | undefined, outputTokens: number | undefined) => ({
  inputTokens,
  outputTokens,
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('prices', () => {
  it('finds a model by id, dated snapshot or -latest alias, and nothing for unknown or local models', () => {
    expect(findPrice('openai:gpt-4o-mini', DEFAULT_PRICES)).toEqual({
      inputPerMillion: 0.15,
      outputPerMillion: 0.6,
    });
    expect(findPrice('openai:gpt-4o-2024-08-06', DEFAULT_PRICES)).toBe(DEFAULT_PRICES['openai:gpt-4o']);
    expect(findPrice('anthropic:claude-sonnet-4-20250514', DEFAULT_PRICES)).toBe(
      DEFAULT_PRICES['anthropic:claude-sonnet-4'],
    );
    expect(findPrice('anthropic:claude-3-7-sonnet-latest', DEFAULT_PRICES)).toBe(
      DEFAULT_PRICES['anthropic:claude-3-7-sonnet'],
    );
    expect(findPrice('openai:gpt-4o-mini-2024-07-18', DEFAULT_PRICES)).toBe(
      DEFAULT_PRICES['openai:gpt-4o-mini'],
    );
    expect(findPrice('ollama:llama3.1:8b', DEFAULT_PRICES)).toBeUndefined();
    expect(findPrice('openai:gpt-9', DEFAULT_PRICES)).toBeUndefined();
  });

  it('computes USD per million tokens, and nothing when usage is unknown', () => {
    const price = { inputPerMillion: 2, outputPerMillion: 8 };
    expect(computeCostUsd(usage(1_000_000, 500_000), price)).toBeCloseTo(6);
    expect(computeCostUsd(usage(undefined, 10), price)).toBeUndefined();
    expect(computeCostUsd(usage(10, 10), undefined)).toBeUndefined();
  });

  it('lets a COMPACTKIT_PRICES file override the defaults, and the option override the file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'compactkit-prices-')), 'prices.json');
    writeFileSync(
      file,
      JSON.stringify({
        'openai:gpt-4o': { inputPerMillion: 1, outputPerMillion: 2 },
        'ollama:llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 },
      }),
    );
    vi.stubEnv('COMPACTKIT_PRICES', file);
    const table = loadPriceTable({
      prices: { 'ollama:llama3.1:8b': { inputPerMillion: 0.01, outputPerMillion: 0.02 } },
    });
    expect(table['openai:gpt-4o']).toEqual({ inputPerMillion: 1, outputPerMillion: 2 });
    expect(table['ollama:llama3.1:8b']).toEqual({ inputPerMillion: 0.01, outputPerMillion: 0.02 });
    expect(table['openai:gpt-4.1']).toBe(DEFAULT_PRICES['openai:gpt-4.1']);
  });

  it('reports a bad price file with its path and field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'compactkit-prices-')), 'prices.json');
    writeFileSync(file, JSON.stringify({ 'openai:gpt-4o': { inputPerMillion: -1, outputPerMillion: 2 } }));
    expect(() => loadPriceTable({ pricesFile: file })).toThrow(ValidationError);
    expect(() => loadPriceTable({ pricesFile: file })).toThrow(/prices\.json.*inputPerMillion/);
    expect(() => loadPriceTable({ pricesFile: join(tmpdir(), 'missing-compactkit-prices.json') })).toThrow(
      /ENOENT/,
    );
  });

  it('sets costUsd on completions of priced models only', async () => {
    const priced = wrapCost(
      createMockLanguageModel({ id: 'openai:gpt-4o-mini', reply: { text: 'a', usage: usage(1000, 500) } }),
    );
    expect((await priced.complete(hello)).costUsd).toBeCloseTo((1000 * 0.15 + 500 * 0.6) / 1e6, 12);
    const local = wrapCost(
      createMockLanguageModel({ id: 'ollama:qwen', reply: { text: 'a', usage: usage(1000, 500) } }),
    );
    expect((await local.complete(hello)).costUsd).toBeUndefined();
    const unknownUsage = wrapCost(createMockLanguageModel({ id: 'openai:gpt-4o', reply: 'a' }));
    expect((await unknownUsage.complete(hello)).costUsd).toBeUndefined();
  });
});

describe('UsageMeter', () => {
  it('accumulates calls, tokens, cost and latency per model and per label, cached and failed included', async () => {
    const meter = new UsageMeter();
    const recorder = new MemoryCallRecorder();
    const base = createMockLanguageModel({
      id: 'openai:gpt-4o',
      reply: (_request, callIndex) => {
        if (callIndex === 2) {
          throw new ProviderError('boom', {
            modelId: 'openai:gpt-4o',
            reason: 'http-status',
            isRetryable: false,
            attempts: 1,
          });
        }
        return { text: `reply ${callIndex}`, usage: usage(100, 10), latencyMs: 40 };
      },
    });
    const summarize = withDefaults(base, {
      cache: { recorder },
      meter: { meter, label: 'summarize' },
      retry: false,
    });
    const judge = withDefaults(base, { cache: { recorder }, meter: { meter, label: 'judge' }, retry: false });
    await summarize.complete(hello);
    await summarize.complete({ messages: [{ role: 'user', content: 'Other' }] });
    await judge.complete(hello); // cache hit
    await expect(judge.complete({ messages: [{ role: 'user', content: 'Fails' }] })).rejects.toThrow('boom');
    const summary = meter.summary();
    const cost = (100 * 2.5 + 10 * 10) / 1e6;
    expect(summary.total).toMatchObject({
      calls: 4,
      cachedCalls: 1,
      failedCalls: 1,
      inputTokens: 300,
      outputTokens: 30,
      callsWithoutUsage: 0,
      callsWithoutCost: 0,
      latencyMs: 120,
    });
    expect(summary.total.costUsd).toBeCloseTo(2 * cost, 12);
    expect(summary.total.savedCostUsd).toBeCloseTo(cost, 12);
    expect(summary.byLabel.summarize).toMatchObject({ calls: 2, cachedCalls: 0 });
    expect(summary.byLabel.judge).toMatchObject({ calls: 2, cachedCalls: 1, failedCalls: 1 });
    expect(Object.keys(summary.byModel)).toEqual(['openai:gpt-4o']);
    const text = formatUsageSummary(summary);
    expect(text).toMatch(/openai:gpt-4o\s+4\s+1\s+1\s+300\s+30/);
    expect(text).toContain('judge');
    expect(text).toContain('saved');
    expect(text.split('\n').at(-1)).toMatch(/^total/);
  });

  it('keeps unknown usage apart instead of counting it as zero', async () => {
    const meter = new UsageMeter();
    const model = withDefaults(createMockLanguageModel({ id: 'ollama:qwen', reply: 'x' }), {
      meter: { meter },
    });
    await model.complete(hello);
    expect(meter.summary().total).toMatchObject({
      calls: 1,
      callsWithoutUsage: 1,
      callsWithoutCost: 1,
      inputTokens: 0,
    });
    expect(formatUsageSummary(meter.summary())).toContain('+?');
  });

  it('returns a snapshot', async () => {
    const meter = new UsageMeter();
    const snapshot = meter.summary();
    meter.add({
      modelId: 'm',
      completion: { text: '', usage: usage(1, 1), latencyMs: 1, finishReason: 'stop' },
    });
    expect(snapshot.total.calls).toBe(0);
    expect(meter.summary().total.calls).toBe(1);
  });
});
