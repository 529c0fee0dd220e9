import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { runBench, scoreStoredRun } from '../../../src/bench/runner/index.js';
import { parseBenchCase, parseBenchRunConfig } from '../../../src/bench/runner/parse-bench-records.js';
import { loadSuite } from '../../../src/bench/suites/index.js';
import { oracleCompactor } from '../../../src/compactors/index.js';
import { ValidationError } from '../../../src/errors.js';
import { openStore } from '../../../src/store/index.js';

const root = new URL('../../..', import.meta.url).pathname;
const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

describe('stored benchmark records', () => {
  it('read back typed as written, and a stored value that does not fit fails naming the case and field', async () => {
    const store = openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-parse-')), 's.db') });
    const { run } = await runBench({
      store,
      compactor: oracleCompactor,
      suite,
      difficulties: ['easy'],
      cases: 1,
      seedGroup: '0',
      cycles: 1,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '2x',
    });
    const config = parseBenchRunConfig(run);
    expect(config.method.name).toBe('oracle');
    expect(config.cycles).toBe(1);
    const [record] = store.readCases(run.id);
    const parsed = parseBenchCase(record!);
    if (parsed.status !== 'complete') throw new Error('expected a complete case');
    expect(parsed.data.items.length).toBeGreaterThan(0);
    expect(parsed.cycles.map((cycle) => cycle.data.artifactTokens)).toEqual(
      record!.artifacts.map((artifact) => artifact.tokens),
    );
    expect(parsed.verdicts[0]!.data?.itemType).toBe(parsed.data.items[0]!.type);

    // A writer that stops writing a field the readers need: the reader says so instead of reading undefined.
    const { items: _items, ...withoutItems } = parsed.data;
    store.runs.create({ id: 'broken', kind: 'bench', fingerprint: 'x', config: run.config, versions: {} });
    store.writeCase('broken', { ...record!, data: withoutItems });
    const error = (() => {
      try {
        scoreStoredRun(store, 'broken');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.where).toBe(`case ${record!.caseKey}: data.items`);
    expect(() => parseBenchRunConfig({ ...run, config: { ...config, cycles: 'two' } })).toThrow(
      /config\.cycles/,
    );
    store.close();
  });
});
