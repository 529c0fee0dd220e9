import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { openStore } from '../../src/store/index.js';
import { startFakeServer, textReply } from '../llm/fake-servers.js';
import { builtCliPath, runBuiltCliAsync } from '../support/built-cli.js';

const root = new URL('../..', import.meta.url).pathname;
const mini = join(root, 'test/bench/fixtures/mini-suite');

/** Runs the built CLI (test/support/built-cli.ts) without blocking this process, which may serve a fake API. */
function cli(args: string[], env: Record<string, string> = {}) {
  return runBuiltCliAsync(args, { env });
}

describe('compactkit bench', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'compactkit-bench-cli-')), 'store.db');

  it('generates the same case as JSON every time', async () => {
    const args = [
      'bench',
      'generate',
      '--suite',
      mini,
      '--template',
      'plan_flip',
      '--seed',
      '3',
      '--difficulty',
      'medium',
    ];
    const first = await cli(args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const benchCase = JSON.parse(first.stdout) as { key: string; transcript: unknown[]; items: unknown[] };
    expect(benchCase.key).toBe('plan_flip@1.0.0:medium:3:0');
    expect(benchCase.items).toHaveLength(2);
    expect((await cli(args)).stdout).toBe(first.stdout);
  });

  it('runs methods, prints their scores and a leaderboard, and rescores from the store', async () => {
    const run = await cli([
      'bench',
      'run',
      '--suite',
      mini,
      '--difficulty',
      'easy',
      '--cases',
      '1',
      '--cycles',
      '1',
      '--method',
      'oracle,null,./test/bench/fixtures/first-turns-method.ts',
      '--tier',
      '2x',
      '--db',
      db,
      '--no-progress',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/run [0-9a-f-]+ · oracle@1\.0\.0 on mini@1\.0\.0 · target lexical@/);
    expect(run.stdout).toContain('Leaderboard of these runs');
    const board = run.stdout.slice(run.stdout.indexOf('Leaderboard'));
    expect(board.indexOf('oracle@1.0.0')).toBeLessThan(board.indexOf('null@1.0.0'));
    expect(board).toContain('first-turns@0.1.0');
    expect(board).toMatch(/null@1\.0\.0 .* no: /);

    const runId = /run ([0-9a-f-]+) · null@/.exec(run.stdout)?.[1];
    const score = await cli(['bench', 'score', runId!, '--db', db, '--json']);
    expect(score.code).toBe(0);
    const scores = JSON.parse(score.stdout) as { eliteScore: number; qualification: { qualified: boolean } };
    expect(scores.qualification.qualified).toBe(false);
    expect(run.stdout).toContain(`elite ${scores.eliteScore.toFixed(3)}`);

    const leaderboard = await cli(['bench', 'leaderboard', '--db', db, '--json']);
    const segments = JSON.parse(leaderboard.stdout) as { entries: { method: string }[] }[];
    expect(segments).toHaveLength(1);
    expect(segments[0]?.entries.map((entry) => entry.method)).toHaveLength(3);
  }, 60_000);

  it('lists the shipped suites', async () => {
    const result = await cli(['bench', 'suites']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^elite@\d+\.\d+\.\d+ {2}65 templates, 13 families: /m);
    expect(result.stdout).toMatch(/^starter@\d+\.\d+\.\d+ {2}13 templates, 13 families: /m);
  });

  it('lists every built-in method with its version, whether it needs a model, and its options', async () => {
    const result = await cli(['bench', 'methods']);
    expect(result.code).toBe(0);
    const version = structuredStateMethod.version.replaceAll('.', '\\.');
    expect(result.stdout).toMatch(
      new RegExp(`^structured-state +${version} +deterministic +Rule-based`, 'm'),
    );
    expect(result.stdout).toMatch(/^naive-summary +1\.0\.0 +needs a model +LLM/m);
    expect(result.stdout).toMatch(/^ +--method-opt keepTurns=10 /m);
    const listed = JSON.parse((await cli(['bench', 'methods', '--json'])).stdout) as {
      name: string;
      needsModel: boolean;
    }[];
    expect(listed.filter((method) => method.needsModel).map((method) => method.name)).toEqual([
      'naive-summary',
      'regenerated-summary',
      'anchored-iterative',
      'hybrid',
    ]);
    expect(listed).toHaveLength(10);
  });

  it('runs every deterministic method by default, each with its --method-opt options in the fingerprint', async () => {
    const optionsDb = join(mkdtempSync(join(tmpdir(), 'compactkit-bench-opts-')), 'store.db');
    const base = ['bench', 'run', '--suite', mini, '--difficulty', 'easy', '--cycles', '0', '--no-progress'];
    const all = await cli([...base, '--db', optionsDb]);
    expect(all.stderr).toBe('');
    const methods = [...all.stdout.matchAll(/^run \S+ · (\S+)@/gm)].map((match) => match[1]);
    expect(methods).toEqual([
      'null',
      'oracle',
      'truncate-last-n',
      'observation-masking',
      'default-block',
      'structured-state',
    ]);
    const tuned = await cli([
      ...base,
      '--method',
      'truncate-last-n,structured-state',
      '--method-opt',
      'keepTurns=1',
      '--method-opt',
      'structured-state.maxTokens=50',
      '--db',
      optionsDb,
    ]);
    expect(tuned.stderr).toBe('');
    expect(tuned.code).toBe(0);
    const store = openStore({ path: optionsDb, readonly: true });
    const configs = store.runs
      .list({ kind: 'bench' })
      .map((run) => (run.config as { method: { name: string; config: unknown } }).method);
    store.close();
    expect(configs).toContainEqual({
      name: 'truncate-last-n',
      version: '1.0.0',
      config: { keepTurns: 1 },
      model: null,
    });
    expect(configs).toContainEqual({
      name: 'truncate-last-n',
      version: '1.0.0',
      config: { keepTurns: 10 },
      model: null,
    });
    expect(configs).toContainEqual({
      name: 'structured-state',
      version: structuredStateMethod.version,
      config: { maxTokens: 50 },
      model: null,
    });
    // Both truncate-last-n runs stand on the leaderboard, told apart by the option that differs.
    const board = await cli(['bench', 'leaderboard', '--db', optionsDb]);
    expect(board.stdout).toMatch(/truncate-last-n@1\.0\.0 keepTurns=1 /);
    expect(board.stdout).toMatch(/truncate-last-n@1\.0\.0 keepTurns=10 /);
  }, 120_000);

  it('answers bad input with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['bench', 'run', '--method', 'oracle', '--method-opt', 'keepTurns=3', '--db', db],
        /^compactkit: --method-opt keepTurns: none of the chosen methods takes keepTurns/,
      ],
      [
        ['bench', 'run', '--method', 'truncate-last-n', '--method-opt', 'keepTurns=-2', '--db', db],
        /^compactkit: method truncate-last-n: option keepTurns: expected at least 1, got -2/,
      ],
      [
        ['bench', 'run', '--method', 'oracle', '--method-opt', 'keepTurns', '--db', db],
        /^compactkit: --method-opt keepTurns: expected name=value/,
      ],
      [
        ['bench', 'run', '--method', 'naive-summary', '--db', db],
        /^compactkit: --method naive-summary: this method needs a language model: add --method-model/,
      ],
      [
        ['bench', 'run', '--method', 'nosuch', '--db', db],
        /^compactkit: --method nosuch: unknown method; built-in: /,
      ],
      [['bench', 'run', '--difficulty', 'extreme', '--db', db], /unknown difficulty extreme/],
      [['bench', 'run', '--suite', join(root, 'src', 'cli'), '--db', db], /no template files/],
      [
        ['bench', 'generate', '--suite', mini, '--template', 'nope'],
        /^compactkit: --template nope: not in suite mini; it has plan_flip, rule_with_tools/,
      ],
      [['bench', 'score', 'no-such-run', '--db', db], /no-such-run/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')[0]).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});

describe('compactkit bench run, stopped with Ctrl-C', () => {
  it('exits 130 with one line, keeps the finished cases, and --resume completes the run', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-sigint-')), 'store.db');
    const args = [
      'bench',
      'run',
      '--method',
      'oracle',
      '--family',
      'buried_constraint',
      '--difficulty',
      'elite',
      '--cases',
      '2',
      '--concurrency',
      '1',
      '--db',
      db,
    ];
    const child = spawn(process.execPath, [builtCliPath(), ...args], {
      cwd: root,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The first progress line after a finished case: stop the run mid-way.
      if (/ [1-9]\d*\/10 cases/.test(stderr) && child.exitCode === null && !child.killed)
        child.kill('SIGINT');
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(130);
    expect(stderr).toContain('compactkit: stopped; finished cases are kept, continue with --resume\n');
    expect(stderr).not.toMatch(/\n\s+at /);
    const resumed = await cli([...args, '--resume', '--no-progress']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/· complete\n/);
    expect(resumed.stdout).toContain('cases 10/10 complete, 0 failed');
  }, 120_000);
});

describe('compactkit bench run --target with a model spec, against a fake OpenAI server', () => {
  it('asks the model, and records every call under the run', async () => {
    const server = await startFakeServer('openai');
    try {
      server.setFallback(() => textReply('openai', 'The notes do not say.', { input: 50, output: 6 }));
      const db = join(mkdtempSync(join(tmpdir(), 'compactkit-bench-model-')), 'store.db');
      const result = await cli(
        [
          'bench',
          'run',
          '--suite',
          mini,
          '--template',
          'plan_flip',
          '--difficulty',
          'easy',
          '--cases',
          '1',
          '--cycles',
          '0',
          '--method',
          'oracle',
          '--target',
          'openai:gpt-4o-mini',
          '--db',
          db,
          '--no-progress',
        ],
        { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('target openai:gpt-4o-mini@1');
      // Two items, one cycle.
      expect(server.requests).toHaveLength(2);
      const store = openStore({ path: db, readonly: true });
      const [run] = store.runs.list();
      expect(store.llmCalls.list({ runId: run!.id })).toHaveLength(2);
      store.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it('gives an LLM method its --method-model, records its calls under the run and its usage in the artifact', async () => {
    const server = await startFakeServer('openai');
    try {
      server.setFallback(() =>
        textReply('openai', 'Plan: ship the release on Friday. Rule: never skip the canary.', {
          input: 400,
          output: 20,
        }),
      );
      const db = join(mkdtempSync(join(tmpdir(), 'compactkit-bench-method-model-')), 'store.db');
      const result = await cli(
        [
          'bench',
          'run',
          '--suite',
          mini,
          '--template',
          'plan_flip',
          '--difficulty',
          'easy',
          '--cycles',
          '1',
          '--method',
          'naive-summary',
          '--method-model',
          'openai:gpt-4o-mini',
          '--db',
          db,
          '--no-progress',
        ],
        { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      // One summary per cycle; the lexical target asks no model.
      expect(server.requests).toHaveLength(2);
      const store = openStore({ path: db, readonly: true });
      const [run] = store.runs.list();
      expect((run!.config as { method: { model: string } }).method.model).toBe('openai:gpt-4o-mini');
      expect(store.llmCalls.list({ runId: run!.id })).toHaveLength(2);
      const [stored] = store.readRun(run!.id).cases;
      expect((stored!.artifacts[0]!.artifact as { methodMetadata: unknown }).methodMetadata).toMatchObject({
        model: 'openai:gpt-4o-mini',
        calls: 1,
        inputTokens: 400,
        outputTokens: 20,
      });
      store.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
