/**
 * `npm run bench:table`: runs every deterministic built-in method on the elite suite at hard difficulty
 * (1 slot per template, 2 drift cycles, lexical target, offline) into a fresh store, and writes the results
 * table between the `bench:table` markers of README.md. With `--check` it writes nothing and exits 1 when the
 * README's table differs from a fresh run's, so a stale table is caught.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLexicalTarget } from '../src/bench/reader/index.js';
import {
  formatResultsTable,
  type ResultsRow,
  replaceBetweenMarkers,
} from '../src/bench/results-table/results-table.js';
import { runBench, scoreStoredRunAtTiers } from '../src/bench/runner/index.js';
import { resolveSuite } from '../src/bench/suites/index.js';
import { builtInCompactors } from '../src/compactors/index.js';
import { openStore } from '../src/store/index.js';

const { values } = parseArgs({
  options: { check: { type: 'boolean', default: false }, readme: { type: 'string', default: 'README.md' } },
});
const CONTROLS = new Set(['null', 'oracle']);
const directory = mkdtempSync(join(tmpdir(), 'compactkit-bench-table-'));
const store = openStore({ path: join(directory, 'store.db') });
try {
  const suite = await resolveSuite('elite');
  const rows: ResultsRow[] = [];
  for (const compactor of builtInCompactors().filter(
    (method) => method.deterministic && !method.needsModel,
  )) {
    process.stderr.write(`bench:table: ${compactor.name}…\n`);
    const result = await runBench({
      store,
      compactor,
      suite,
      difficulties: ['hard'],
      cases: 1,
      seedGroup: '0',
      cycles: 2,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '8x',
    });
    const byTier = scoreStoredRunAtTiers(store, result.run.id, ['2x', '4x', '8x']);
    const qualifiedAt = {
      '2x': byTier['2x'].qualification.qualified,
      '4x': byTier['4x'].qualification.qualified,
      '8x': byTier['8x'].qualification.qualified,
    };
    rows.push({
      method: compactor.name,
      control: CONTROLS.has(compactor.name),
      scores: result.scores,
      qualifiedAt,
    });
  }
  const table = formatResultsTable(rows);
  const readme = readFileSync(values.readme, 'utf8');
  const updated = replaceBetweenMarkers(readme, 'bench:table', table);
  if (values.check) {
    if (updated !== readme) {
      process.stderr.write(
        `bench:table: the table in ${values.readme} is stale; run npm run bench:table\n${table}`,
      );
      process.exitCode = 1;
    } else process.stderr.write(`bench:table: ${values.readme} is up to date\n`);
  } else {
    writeFileSync(values.readme, updated);
    process.stdout.write(table);
  }
} finally {
  store.close();
  rmSync(directory, { recursive: true, force: true });
}
