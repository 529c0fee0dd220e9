import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { type RunBenchesOptions, runBenches, runFailures } from '../../../src/bench/runner/index.js';
import { loadSuite } from '../../../src/bench/suites/index.js';
import { type Compactor, oracleCompactor, resolveMethods } from '../../../src/compactors/index.js';
import { CompactkitError, ValidationError } from '../../../src/errors.js';
import { ProviderError } from '../../../src/llm/index.js';
import { openStore, type Store } from '../../../src/store/index.js';

const root = new URL('../../..', import.meta.url).pathname;
const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

function temporaryStore(): Store {
  return openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-benches-')), 'store.db') });
}

function options(
  store: Store,
  compactors: Compactor[],
  extra: Partial<RunBenchesOptions> = {},
): RunBenchesOptions {
  return {
    store,
    compactors,
    suite,
    templates: ['plan_flip'],
    difficulties: ['easy'],
    cases: 2,
    seedGroup: '0',
    cycles: 1,
    driftMode: 'incremental',
    target: createLexicalTarget(),
    tier: '2x',
    ...extra,
  };
}

/** An in-process method whose compact never settles and holds no handle. */
const neverSettles: Compactor = { name: 'never', version: '1.0.0', compact: () => new Promise(() => {}) };

describe('runBenches', () => {
  it('fails a case whose in-process method never settles with reason timeout, and goes on', async () => {
    const store = temporaryStore();
    const { runs, leaderboard } = await runBenches(
      options(store, [neverSettles, oracleCompactor], { caseTimeoutMs: 50 }),
    );
    expect(runs.map((result) => [result.run.versions.method, result.run.status])).toEqual([
      ['never@1.0.0', 'incomplete'],
      ['oracle@1.0.0', 'complete'],
    ]);
    expect(leaderboard.flatMap((segment) => segment.entries.map((entry) => entry.method)).sort()).toEqual([
      'never@1.0.0',
      'oracle@1.0.0',
    ]);
    const failures = runFailures(store, runs[0]?.run.id ?? '', 2);
    expect(failures).toEqual({
      runId: runs[0]?.run.id,
      status: 'incomplete',
      reasons: [
        {
          code: 'timeout',
          count: 2,
          exampleCaseKey: 'plan_flip@1.0.0:easy:0:0',
          exampleMessage: 'the case ran past its deadline of 50 ms (case timeout)',
        },
      ],
      missing: 0,
    });
    expect(runFailures(store, runs[1]?.run.id ?? '', 2)).toBeUndefined();
  });

  it('resumes per method: a complete run is skipped, a run id goes to the method that made it', async () => {
    const store = temporaryStore();
    const [first] = (await runBenches(options(store, [oracleCompactor]))).runs;
    const again = await runBenches(options(store, [oracleCompactor], { resume: true }));
    expect(again.runs.map((result) => [result.run.id, result.alreadyComplete, result.skipped])).toEqual([
      [first?.run.id, true, 2],
    ]);
    expect(store.runs.list()).toHaveLength(1);
    await expect(runBenches(options(store, [neverSettles], { resume: first?.run.id ?? '' }))).rejects.toThrow(
      /is of method oracle@1\.0\.0, which is not among the methods to run/,
    );
  });

  it('a gentle stop lets the case in progress finish, starts no other, and throws stopped', async () => {
    const store = temporaryStore();
    const stop = new AbortController();
    const slow: Compactor = {
      name: 'slow',
      version: '1.0.0',
      async compact(input, context) {
        stop.abort();
        return oracleCompactor.compact(input, context);
      },
    };
    await expect(
      runBenches(options(store, [slow], { stopSignal: stop.signal, concurrency: 1 })),
    ).rejects.toMatchObject({
      code: 'stopped',
    });
    // The second method never started: one run only.
    await expect(
      runBenches(options(store, [oracleCompactor], { stopSignal: stop.signal })),
    ).rejects.toMatchObject({ code: 'stopped' });
    const [run, ...others] = store.runs.list();
    expect(others).toHaveLength(0);
    expect(run?.status).toBe('incomplete');
    expect(store.caseStatuses(run?.id ?? '')).toEqual([
      { caseKey: 'plan_flip@1.0.0:easy:0:0', status: 'complete' },
    ]);
  });
});

describe('resolveMethods', () => {
  it('with isolate all, a built-in runs in a worker thread and scores exactly as in-process', async () => {
    const [isolated] = await resolveMethods({ names: ['truncate-last-n'], isolate: 'all' });
    const [inProcess] = await resolveMethods({ names: ['truncate-last-n'] });
    expect(isolated && 'close' in isolated).toBe(true);
    const scoresOf = async (compactor: Compactor | undefined) => {
      const { runs } = await runBenches(options(temporaryStore(), compactor ? [compactor] : []));
      const { run: _run, ...scores } = runs[0]?.scores ?? {};
      return scores;
    };
    expect(await scoresOf(isolated)).toEqual(await scoresOf(inProcess));
  });

  it('gives each method its options and refuses an option no chosen method takes, or a missing model', async () => {
    const [truncate] = await resolveMethods({ names: ['truncate-last-n'], optionArgs: ['keepTurns=3'] });
    expect(truncate?.config).toMatchObject({ keepTurns: 3 });
    await expect(resolveMethods({ names: ['oracle'], optionArgs: ['keepTurns=3'] })).rejects.toThrow(
      '--method-opt keepTurns: none of the chosen methods takes keepTurns',
    );
    await expect(resolveMethods({ names: ['naive-summary'] })).rejects.toBeInstanceOf(ValidationError);
    const defaults = await resolveMethods();
    expect(defaults.map((method) => method.name)).toContain('oracle');
    expect(defaults.every((method) => method.needsModel !== true)).toBe(true);
  });
});

describe('CompactkitError.isUserError', () => {
  it('is true for bad input and a missing key, false for failures', () => {
    expect(new ValidationError([{ where: 'x', message: 'y' }]).isUserError).toBe(true);
    expect(new CompactkitError('io_error', 'cannot read').isUserError).toBe(true);
    expect(new CompactkitError('timeout', 'late').isUserError).toBe(false);
    const fields = { modelId: 'openai:gpt-4o-mini', isRetryable: false, attempts: 0 };
    expect(new ProviderError('no key', { ...fields, reason: 'missing-key' }).isUserError).toBe(true);
    expect(new ProviderError('500', { ...fields, reason: 'http-status' }).isUserError).toBe(false);
  });
});
