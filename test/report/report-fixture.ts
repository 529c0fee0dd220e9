import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyArtifact } from '../../src/artifact/empty-artifact.js';
import { createLexicalTarget } from '../../src/bench/reader/index.js';
import { runBench } from '../../src/bench/runner/index.js';
import { loadSuite } from '../../src/bench/suites/index.js';
import type { Suite } from '../../src/bench/suites/suite.js';
import { loadCompactor } from '../../src/compactors/index.js';
import type { Compactor } from '../../src/compactors/types.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';

const root = new URL('../..', import.meta.url).pathname;

/** A method whose name and artifact are markup: the report must show both as text. */
export const hostileCompactor: Compactor = {
  name: '<img src=x onerror="document.title=\'PWNED-5\'">|pipe',
  version: '1.0.0',
  async compact({ transcript }) {
    const first = transcript.find((message) => message.role === 'user')?.content ?? '';
    return {
      ...emptyArtifact(),
      summaryText: `</textarea><script>document.title='PWNED-6'</script> ${first}`,
      structuredState: {
        ...emptyArtifact().structuredState,
        entityMap: { '<b>who</b>': 'javascript:alert(7)' },
      },
    };
  },
};

/** A store with three finished runs on the hostile suite (easy and hard, 2 drift cycles) and that suite. */
export async function hostileRuns(): Promise<{
  store: Store;
  suite: Suite;
  runIds: string[];
  directory: string;
}> {
  const directory = mkdtempSync(join(tmpdir(), 'compactkit-report-'));
  const store = openStore({ path: join(directory, 'store.db') });
  const suite = await loadSuite(join(root, 'test/report/fixtures/hostile-suite'));
  const runIds: string[] = [];
  for (const compactor of [
    await loadCompactor('oracle'),
    await loadCompactor('structured-state'),
    hostileCompactor,
  ]) {
    const result = await runBench({
      store,
      compactor,
      suite,
      difficulties: ['easy', 'hard'],
      cases: 2,
      seedGroup: '0',
      cycles: 2,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '4x',
    });
    runIds.push(result.run.id);
  }
  return { store, suite, runIds, directory };
}
