import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerQuality,
  evaluate,
  evaluationFingerprint,
  identitySystem,
  meanScore,
  passRate,
  type System,
  truncateSystem,
} from '../../src/evaluate/index.js';
import { openStore } from '../../src/store/index.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'compactkit-evaluate-'));
  directories.push(directory);
  return directory;
}

const qa = [
  { id: 'a', context: 'The capital of France is Paris.', question: 'Capital of France?', answer: 'Paris' },
  { id: 'b', context: 'Water boils at 100 degrees.', question: 'Boiling point?', answer: '100 degrees' },
  { id: 'c', context: 'The sky is blue.', question: 'Sky colour?', answer: 'blue' },
];

/** Answers with the last word of the context, after a delay that makes later examples finish first. */
function lastWordSystem(name = 'last-word'): System & { calls: string[] } {
  const calls: string[] = [];
  return {
    name,
    config: { model: 'rule-1' },
    calls,
    async process(example) {
      calls.push(String(example.id));
      await new Promise((resolve) => setTimeout(resolve, example.id === 'a' ? 40 : 1));
      const words = example.context.replace(/\.$/, '').split(' ');
      return { response: words[words.length - 1] ?? '', usage: { costUsd: 0.01 } };
    },
  };
}

describe('evaluate', () => {
  it('keeps dataset order whatever finishes first, and summarises per system', async () => {
    const result = await evaluate({
      systems: [lastWordSystem(), identitySystem()],
      dataset: qa,
      datasetName: 'tiny-qa',
      evaluators: [answerQuality()],
      metrics: [meanScore({ scoreField: 'f1' }), passRate({ scoreField: 'f1', threshold: 0.7 })],
      maxWorkers: 3,
    });
    expect(result.rows.map((row) => `${row.system}/${row.exampleId}`)).toEqual([
      'last-word/a',
      'last-word/b',
      'last-word/c',
      'identity/a',
      'identity/b',
      'identity/c',
    ]);
    // last-word answers "Paris" (1), "degrees" vs "100 degrees" (P 1, R 1/2, F1 2/3), "blue" (1).
    expect(result.summary['last-word']?.mean_f1).toBeCloseTo((1 + 2 / 3 + 1) / 3, 10);
    expect(result.summary['last-word']?.pass_rate).toBeCloseTo(2 / 3, 10);
    expect(result.summary['last-word']).toMatchObject({ examples: 3, failed: 0 });
    expect(result.rows[0]).toMatchObject({ dataset: 'tiny-qa', metadata: { costUsd: 0.01 } });
    expect(result.rows[0]?.inputTokens).toBeGreaterThan(result.rows[0]?.outputTokens ?? 0);
    expect(Object.keys(result.timing)).toEqual(['last-word', 'identity']);
    expect(result.filter({ system: 'identity' }).rows).toHaveLength(3);
  });

  it('turns a failing example into an error row and goes on', async () => {
    const flaky: System = {
      name: 'flaky',
      async process(example) {
        if (example.id === 'b') throw new Error('upstream 500');
        return { response: example.answer as string };
      },
    };
    const result = await evaluate({ systems: [flaky], dataset: qa, evaluators: [answerQuality()] });
    expect(result.rows.map((row) => row.error?.message)).toEqual([undefined, 'upstream 500', undefined]);
    expect(result.rows[1]).toMatchObject({ error: { code: 'system_failed' }, scores: {} });
    expect(result.summary.flaky).toMatchObject({ examples: 3, failed: 1, mean_f1: 1 });
  });

  it('measures compression on the context the system produced, not on its answer', async () => {
    const long = [{ id: 1, context: 'word '.repeat(200).trim(), answer: 'word' }];
    const result = await evaluate({
      systems: [truncateSystem({ maxTokens: 50 })],
      dataset: long,
      evaluators: [],
    });
    const row = result.rows[0];
    expect(row?.contextTokens.original).toBe(200);
    expect(row?.contextTokens.processed).toBeLessThanOrEqual(50);
    expect(result.summary['truncate-50']?.compression_ratio).toBeCloseTo(
      200 / (row?.contextTokens.processed ?? 1),
      10,
    );
  });

  it('answers multi-turn examples turn by turn with the conversation so far', async () => {
    const seen: number[] = [];
    const counter: System = {
      name: 'counter',
      async process(example) {
        seen.push(example.turns?.length ?? 0);
        return { response: `reply to ${example.question}` };
      },
    };
    const result = await evaluate({
      systems: [counter],
      dataset: [
        {
          id: 't',
          context: '',
          answer: 'reply to second',
          turns: [
            { role: 'user', content: 'first' },
            { role: 'user', content: 'second' },
          ],
        },
      ],
      evaluators: [answerQuality()],
    });
    expect(seen).toEqual([0, 2]);
    expect(result.rows[0]?.scores.exact_match).toBe(1);
    expect(result.rows[0]?.metadata.turnResponses).toEqual(['reply to first', 'reply to second']);
  });

  it('refuses duplicate ids and records without context, naming the record', async () => {
    await expect(
      evaluate({
        systems: [identitySystem()],
        dataset: [qa[0], { ...qa[1], id: 'a' }] as typeof qa,
        evaluators: [],
      }),
    ).rejects.toThrow('dataset: record 1: id: duplicate id "a"');
    await expect(
      evaluate({
        systems: [identitySystem()],
        dataset: [{ id: 1 } as unknown as (typeof qa)[0]],
        evaluators: [],
      }),
    ).rejects.toThrow('record 0 (id 1): context');
  });

  it('stores rows and resumes: finished rows are reused, error rows are run again', async () => {
    const path = join(temporaryDirectory(), 'eval.db');
    let failB = true;
    const system: System & { calls: string[] } = {
      name: 'once-flaky',
      config: { model: 'm1' },
      calls: [],
      async process(example) {
        system.calls.push(String(example.id));
        if (example.id === 'b' && failB) throw new Error('boom');
        return { response: String(example.answer) };
      },
    };
    const store = openStore({ path });
    const first = await evaluate({
      systems: [system],
      dataset: qa,
      evaluators: [answerQuality()],
      store,
      maxWorkers: 1,
    });
    expect(first.summary['once-flaky']?.failed).toBe(1);
    failB = false;
    const second = await evaluate({
      systems: [system],
      dataset: qa,
      evaluators: [answerQuality()],
      store,
      maxWorkers: 1,
    });
    expect(system.calls).toEqual(['a', 'b', 'c', 'b']);
    expect(second.summary['once-flaky']).toMatchObject({ failed: 0, mean_f1: 1 });
    const runId = (second.config.runIds as Record<string, string>)['once-flaky'] as string;
    expect(store.readRun(runId).evaluationRows.map((row) => row.rowKey)).toEqual([
      'a',
      'b#error-1',
      'c',
      'b',
    ]);
    store.close();
  });

  it('cacheDir opens a store there and a second run reuses its rows', async () => {
    const cacheDir = temporaryDirectory();
    const system = lastWordSystem();
    const options = { systems: [system], dataset: qa, evaluators: [answerQuality()], cacheDir };
    const first = await evaluate(options);
    const second = await evaluate(options);
    expect(system.calls).toHaveLength(3);
    expect(second.rows).toEqual(first.rows);
    expect(existsSync(join(cacheDir, 'compactkit.db'))).toBe(true);
  });

  it('keys resumption on the model: another model never reuses stored rows', () => {
    const base = { dataset: 'qa', datasetParams: { n: 3 }, evaluators: [answerQuality()] };
    const one = evaluationFingerprint({
      ...base,
      system: { name: 's', config: { model: 'openai:a' }, process: async () => ({ response: '' }) },
    });
    const two = evaluationFingerprint({
      ...base,
      system: { name: 's', config: { model: 'openai:b' }, process: async () => ({ response: '' }) },
    });
    const fewer = evaluationFingerprint({
      ...base,
      datasetParams: { n: 2 },
      system: { name: 's', config: { model: 'openai:a' }, process: async () => ({ response: '' }) },
    });
    expect(new Set([one, two, fewer]).size).toBe(3);
  });

  it('survives SIGKILL: a killed run resumes where it stopped', async () => {
    const directory = temporaryDirectory();
    const storePath = join(directory, 'eval.db');
    const logPath = join(directory, 'processed.log');
    const script = new URL('./fixtures/slow-evaluation.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', script, storePath, logPath], {
      stdio: 'ignore',
    });
    // Wait until at least 5 rows are stored, then kill without warning.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (!existsSync(logPath) || readFileSync(logPath, 'utf8').split('\n').length < 8) return;
        clearInterval(timer);
        child.kill('SIGKILL');
        resolve();
      }, 10);
      child.on('exit', () => {
        clearInterval(timer);
        reject(new Error('the child finished before it was killed'));
      });
    });
    await new Promise((resolve) => child.once('close', resolve));
    const stored = openStore({ path: storePath, readonly: true });
    const run = stored.runs.list({ kind: 'evaluate' })[0];
    const kept = run ? stored.readRun(run.id).evaluationRows.length : 0;
    stored.close();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(40);
    const processedBefore = readFileSync(logPath, 'utf8').trim().split('\n').length;
    const rerun = spawn(process.execPath, ['--import', 'tsx', script, storePath, logPath]);
    let output = '';
    rerun.stdout.on('data', (chunk) => {
      output += chunk;
    });
    await new Promise((resolve) => rerun.once('close', resolve));
    expect(JSON.parse(output)).toEqual({ rows: 40, mean: 1 });
    const processedAfter = readFileSync(logPath, 'utf8').trim().split('\n').length;
    // The re-run processed only the rows that were not stored (at most one was in flight when killed).
    expect(processedAfter - processedBefore).toBe(40 - kept);
  }, 30_000);
});
