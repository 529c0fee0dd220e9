import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { emptyArtifact } from '../../../src/artifact/index.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { type BenchRunOptions, runBench, scoreStoredRun } from '../../../src/bench/runner/index.js';
import { loadSuite } from '../../../src/bench/suites/index.js';
import {
  type Compactor,
  type CompactorInput,
  nullCompactor,
  oracleCompactor,
} from '../../../src/compactors/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { bundledScript } from '../../support/built-cli.js';

const root = new URL('../../..', import.meta.url).pathname;
const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

function temporaryStore(): Store {
  return openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-bench-')), 'store.db') });
}

function options(store: Store, compactor: Compactor, extra: Partial<BenchRunOptions> = {}): BenchRunOptions {
  return {
    store,
    compactor,
    suite,
    difficulties: ['easy', 'medium'],
    cases: 2,
    seedGroup: '0',
    cycles: 2,
    driftMode: 'incremental',
    target: createLexicalTarget(),
    tier: '2x',
    ...extra,
  };
}

describe('runBench', () => {
  it('stores every cycle, artifact, response and verdict, and oracle scores far above null, which does not qualify', async () => {
    const store = temporaryStore();
    const oracle = await runBench(options(store, oracleCompactor));
    const empty = await runBench(options(store, nullCompactor));
    expect(oracle.run.status).toBe('complete');
    const contents = store.readRun(oracle.run.id);
    expect(contents.cases).toHaveLength(2 * 2 * 2);
    for (const record of contents.cases) {
      expect(record.status).toBe('complete');
      expect(record.cycles.map((cycle) => cycle.cycle)).toEqual([0, 1, 2]);
      expect(record.artifacts.map((artifact) => artifact.method)).toEqual(['oracle', 'oracle', 'oracle']);
      const items = record.caseKey.startsWith('rule_with_tools') ? 5 : 2;
      expect(record.itemResponses).toHaveLength(3 * items);
      expect(record.verdicts).toHaveLength(3 * items);
    }
    expect(oracle.scores.overall).toBeGreaterThan(0.85);
    expect(oracle.scores.contradictionRate).toBe(0);
    expect(empty.scores.qualification.qualified).toBe(false);
    expect(empty.scores.eliteScore).toBeLessThan(oracle.scores.eliteScore - 0.4);
    expect(empty.scores.contradictionRate).toBeGreaterThan(0.1);
    // The oracle keeps everything: no compression, so it cannot qualify either.
    expect(oracle.scores.qualification.failures.join(' ')).toMatch(/compression/);
    store.close();
  });

  it('gives identical artifacts and scores when run twice', async () => {
    const store = temporaryStore();
    const first = await runBench(options(store, oracleCompactor, { cycles: 1 }));
    const second = await runBench(options(store, oracleCompactor, { cycles: 1 }));
    expect(second.run.id).not.toBe(first.run.id);
    // Everything but the write time and the compaction's wall time is the same.
    const strip = (id: string) =>
      store.readRun(id).cases.map(({ writtenAt: _w, cycles, ...rest }) => ({
        ...rest,
        cycles: cycles.map((cycle) => ({ ...cycle, data: { ...(cycle.data as object), compactMs: 0 } })),
      }));
    expect(strip(second.run.id)).toEqual(strip(first.run.id));
    const { run: _a, ...firstScores } = first.scores;
    const { run: _b, ...secondScores } = second.scores;
    expect(secondScores).toEqual(firstScores);
    store.close();
  });

  it('never shows the compactor tags, ground truth or items (no answer-key leak)', async () => {
    const store = temporaryStore();
    const inputs: CompactorInput[] = [];
    const spy: Compactor = {
      name: 'spy',
      version: '1.0.0',
      async compact(input, context) {
        inputs.push(structuredClone(input));
        return oracleCompactor.compact(input, context);
      },
    };
    await runBench(options(store, spy, { difficulties: ['easy'], cases: 1 }));
    const seen = JSON.stringify(inputs);
    for (const secret of [
      'critical_constraint',
      'decision_override',
      'tags',
      'groundTruth',
      'ground_truth',
      'forbidden_behavior_retention',
      'tempting',
      'cues',
      'expected',
    ]) {
      expect(seen).not.toContain(secret);
    }
    for (const record of store.readRun(store.runs.list()[0]!.id).cases) {
      for (const response of record.itemResponses) {
        const question = (record.data as { items: { key: string; prompt: string }[] }).items.find(
          (item) => item.key === response.itemKey,
        )!.prompt;
        expect(seen).not.toContain(question);
      }
    }
    for (const input of inputs) {
      for (const message of input.transcript) {
        expect(
          Object.keys(message).every((key) =>
            ['id', 'role', 'content', 'toolCalls', 'toolCallId', 'toolName', 'isError', 'turn'].includes(key),
          ),
        ).toBe(true);
      }
    }
    store.close();
  });

  it('gives the compactor only the new turns and its previous artifact in a drift cycle, or everything in full mode', async () => {
    for (const driftMode of ['incremental', 'full'] as const) {
      const store = temporaryStore();
      const inputs: CompactorInput[] = [];
      const spy: Compactor = {
        name: 'spy',
        version: '1.0.0',
        async compact(input, context) {
          inputs.push(input);
          return oracleCompactor.compact(input, context);
        },
      };
      await runBench(
        options(store, spy, { difficulties: ['easy'], cases: 1, templates: ['plan_flip'], driftMode }),
      );
      const [first, second, third] = inputs;
      expect(first?.previousArtifact).toBeUndefined();
      if (driftMode === 'incremental') {
        expect(second?.transcript.map((message) => message.role)).toEqual(['user', 'assistant']);
        expect(second?.transcript[0]?.id).toBe('c1-user');
        expect(second?.previousArtifact?.summaryText).toContain('[turn 0] user:');
        expect(third?.transcript[0]?.id).toBe('c2-user');
      } else {
        expect(second?.previousArtifact).toBeUndefined();
        expect(second?.transcript.length).toBe(first!.transcript.length + 2);
        expect(third?.transcript.length).toBe(first!.transcript.length + 4);
      }
      store.close();
    }
  });

  it('records a failing case with its error, goes on, and marks the run incomplete', async () => {
    const store = temporaryStore();
    let calls = 0;
    const flaky: Compactor = {
      name: 'flaky',
      version: '1.0.0',
      async compact(input, context) {
        calls++;
        if (input.transcript.some((message) => message.content.includes('Scratch that')))
          throw new Error('model fell over');
        return oracleCompactor.compact(input, context);
      },
    };
    const result = await runBench(options(store, flaky, { difficulties: ['easy'], cases: 1 }));
    expect(result.run.status).toBe('incomplete');
    const cases = store.readRun(result.run.id).cases;
    expect(cases.map((record) => [record.caseKey, record.status])).toEqual([
      ['plan_flip@1.0.0:easy:0:0', 'failed'],
      ['rule_with_tools@1.0.0:easy:0:0', 'complete'],
    ]);
    expect(cases[0]?.error).toEqual({ code: 'method_failed', message: 'Error: model fell over' });
    expect(result.scores.qualification.qualified).toBe(false);
    expect(result.scores.qualification.failures).toContain('1 case failed');
    expect(calls).toBeGreaterThan(1);
    store.close();
  });

  it('fails a case whose artifact breaks the schema, naming the method, case and field', async () => {
    const store = temporaryStore();
    const broken: Compactor = {
      name: 'broken',
      version: '1.0.0',
      async compact() {
        return {
          ...emptyArtifact(),
          structuredState: { ...emptyArtifact().structuredState, lockedDecisions: 'all of them' },
        } as never;
      },
    };
    const result = await runBench(
      options(store, broken, { difficulties: ['easy'], cases: 1, templates: ['plan_flip'] }),
    );
    const [record] = store.readRun(result.run.id).cases;
    expect(record?.status).toBe('failed');
    expect(record?.error?.message).toMatch(
      /^method broken, case plan_flip@1\.0\.0:easy:0:0, cycle 0: artifact\.structuredState\.lockedDecisions: /,
    );
    store.close();
  });

  it('rescoring a stored run gives the same numbers, from the responses alone', async () => {
    const store = temporaryStore();
    const result = await runBench(options(store, oracleCompactor, { cycles: 1 }));
    const rescored = scoreStoredRun(store, result.run.id);
    expect(rescored.verdictMismatches).toBe(0);
    expect(rescored.eliteScore).toBe(result.scores.eliteScore);
    expect(scoreStoredRun(store, result.run.id, { tier: '8x' }).qualification.floor).toBe(8);
    store.close();
  });
});

describe('a killed run resumes', () => {
  it('continues after SIGKILL with no case lost or written twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-resume-'));
    const db = join(dir, 'store.db');
    const script = join(root, 'test/bench/runner/fixtures/bench-child.ts');
    const child = spawn(process.execPath, [bundledScript(script), db], { cwd: root });
    const committed: string[] = [];
    const lines = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line.startsWith('committed ')) committed.push(line.slice(10));
        if (committed.length === 4) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', (code) => reject(new Error(`child exited (${code}) before it was killed`)));
    });
    await once(child, 'exit');
    const store = openStore({ path: db });
    const [killed] = store.runs.list();
    expect(killed?.status).toBe('running');
    const before = store.caseKeys(killed!.id);
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before.length).toBeLessThan(12);
    store.close();

    const resumed = spawn(process.execPath, [bundledScript(script), db, '--resume'], { cwd: root });
    let output = '';
    resumed.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const [code] = await once(resumed, 'exit');
    expect(code).toBe(0);
    expect(output).toMatch(new RegExp(`done ${killed!.id} ${before.length}\\n`));
    const after = openStore({ path: db });
    const keys = after.caseKeys(killed!.id);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    expect(keys.slice(0, before.length)).toEqual(before);
    expect(after.runs.get(killed!.id)?.status).toBe('complete');
    expect(after.runs.list()).toHaveLength(1);
    after.close();
  }, 60_000);
});
