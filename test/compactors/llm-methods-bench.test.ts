import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLexicalTarget, loadSuite, parseArtifact, runBench } from '../../src/bench/index.js';
import { anchoredIterativeMethod } from '../../src/compactors/methods/anchored-iterative.js';
import { naiveSummaryMethod } from '../../src/compactors/methods/naive-summary.js';
import { nullCompactor } from '../../src/compactors/methods/null-compactor.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { openStore, type Store } from '../../src/store/index.js';
import {
  errorReply,
  type FakeServer,
  type ReceivedRequest,
  startFakeServer,
  textReply,
} from '../llm/fake-servers.js';
import { fakeModel, sections, sentChat } from './llm-method-fixtures.js';

const root = new URL('../..', import.meta.url).pathname;
const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

function temporaryStore(): Store {
  return openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-llm-methods-')), 'store.db') });
}

/** The lines of a fenced block of the prompt, without the `[turn n] role:` labels. */
function fenced(user: string, label: string): string[] {
  const match = new RegExp(`<<<${label}\\n([\\s\\S]*?)\\n${label}>>>`).exec(user);
  return (match?.[1] ?? '').split('\n').filter((line) => line.trim() !== '');
}

/** A scripted summariser: it keeps the earlier notes and every user line of the new turns. */
function summarise(request: ReceivedRequest) {
  const { user } = sentChat(request);
  const userLines = fenced(user, 'TRANSCRIPT')
    .filter((line) => /^(\[turn \d+\] )?user: /.test(line))
    .map((line) => line.replace(/^(\[turn \d+\] )?user: /, ''));
  return [...fenced(user, 'EARLIER_NOTES'), ...userLines].join('\n');
}

describe('LLM methods in a benchmark run against a scripted fake server', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer('openai');
  });
  afterAll(async () => {
    await server.close();
  });

  const runOptions = { suite, difficulties: ['easy'] as const, cases: 1, seedGroup: '0', cycles: 2 };

  it('completes a naive-summary run that beats null, and a server error fails only its case, with the error kept', async () => {
    const store = temporaryStore();
    let planFlipCalls = 0;
    server.setFallback((request) => {
      // plan_flip's third compaction (its second drift cycle) meets a server error; the rest is summarised.
      if (sentChat(request).user.includes('Scratch that')) {
        planFlipCalls++;
        if (planFlipCalls === 3) return errorReply('openai', 500, 'the summariser is overloaded');
      }
      return textReply('openai', summarise(request), { input: 500, output: 60 });
    });
    const model = fakeModel(server);
    const result = await runBench({
      ...runOptions,
      difficulties: [...runOptions.difficulties],
      store,
      compactor: instantiateMethod(naiveSummaryMethod),
      compactorModel: model,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '2x',
    });
    const baseline = await runBench({
      ...runOptions,
      difficulties: [...runOptions.difficulties],
      store,
      compactor: nullCompactor,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '2x',
    });
    const cases = store.readRun(result.run.id).cases;
    expect(cases).toHaveLength(2);
    const failed = cases.find((record) => record.caseKey.startsWith('plan_flip'));
    const complete = cases.find((record) => record.caseKey.startsWith('rule_with_tools'));
    expect(result.run.status).toBe('incomplete');
    expect(failed?.status).toBe('failed');
    expect(failed?.error?.code).toBe('method_failed');
    expect(failed?.error?.message).toMatch(/^method naive-summary: model call failed: .*HTTP 500/);
    // What was done before the failure is kept for audit: cycles 0 and 1.
    expect(failed?.artifacts.map((artifact) => artifact.cycle)).toEqual([0, 1]);
    expect(complete?.status).toBe('complete');
    expect(complete?.artifacts.map((artifact) => artifact.cycle)).toEqual([0, 1, 2]);
    const last = parseArtifact(complete!.artifacts.at(-1)!.artifact);
    expect(last.summaryText).toMatch(/Hard rule from .*: never /);
    expect(last.methodMetadata).toMatchObject({
      model: 'openai:gpt-4o-mini',
      calls: 1,
      inputTokens: 500,
      outputTokens: 60,
    });
    expect(result.scores.overall).toBeGreaterThan(baseline.scores.overall);
    store.close();
  }, 60_000);

  it('completes an anchored-iterative run through three cycles, carrying the rule across cycles', async () => {
    const store = temporaryStore();
    server.setFallback((request) => {
      const { user } = sentChat(request);
      const lines = fenced(user, 'TRANSCRIPT')
        .filter((line) => /^(\[turn \d+\] )?user: /.test(line))
        .map((line) => line.replace(/^(\[turn \d+\] )?user: /, ''));
      const add = sections({
        prohibitions: lines.filter((line) => /never/i.test(line)),
        keyConcepts: lines.filter((line) => !/never/i.test(line)),
      });
      return textReply('openai', JSON.stringify({ add, resolvedIds: [], supersededIds: [] }), {
        input: 400,
        output: 90,
      });
    });
    const result = await runBench({
      ...runOptions,
      difficulties: [...runOptions.difficulties],
      templates: ['rule_with_tools'],
      store,
      compactor: instantiateMethod(anchoredIterativeMethod),
      compactorModel: fakeModel(server),
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '2x',
    });
    expect(result.run.status).toBe('complete');
    const [record] = store.readRun(result.run.id).cases;
    expect(record?.status).toBe('complete');
    const artifacts = record!.artifacts.map((row) => parseArtifact(row.artifact));
    expect(artifacts).toHaveLength(3);
    const rule = artifacts[0]!.structuredState.forbiddenBehaviors[0];
    expect(rule).toMatch(/Hard rule from .*: never /);
    expect(artifacts[2]!.structuredState.forbiddenBehaviors).toContain(rule);
    expect(artifacts[2]!.methodMetadata).toMatchObject({ promptVersion: 'anchored-iterative/1', calls: 1 });
    store.close();
  }, 60_000);
});
