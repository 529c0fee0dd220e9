// One full offline elite run in this process, for `npm run bench:perf`: what the README's first command runs.
// Every template of the elite suite at every difficulty, 1 slot, 2 drift cycles, every deterministic built-in
// method in turn, lexical target, into a fresh store.
// Prints {wallMs, peakRssMb, cases, ...} as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLexicalTarget } from '../src/bench/reader/index.js';
import { runBench } from '../src/bench/runner/index.js';
import { resolveSuite } from '../src/bench/suites/index.js';
import { builtInCompactors } from '../src/compactors/index.js';
import { openStore } from '../src/store/index.js';

const directory = mkdtempSync(join(tmpdir(), 'compactkit-elite-run-'));
const store = openStore({ path: join(directory, 'store.db') });
const started = performance.now();
const suite = await resolveSuite('elite');
const results = [];
for (const compactor of builtInCompactors().filter((method) => method.deterministic && !method.needsModel)) {
  const result = await runBench({
    store,
    compactor,
    suite,
    difficulties: ['easy', 'medium', 'hard', 'elite'],
    cases: 1,
    seedGroup: '0',
    cycles: 2,
    driftMode: 'incremental',
    target: createLexicalTarget(),
    tier: '4x',
    concurrency: 4,
  });
  results.push({
    method: compactor.name,
    status: result.run.status,
    cases: result.scores.cases,
    eliteScore: result.scores.eliteScore,
    compressionRatio: result.scores.compressionRatio,
    qualified: result.scores.qualification.qualified,
  });
}
const wallMs = performance.now() - started;
store.close();
rmSync(directory, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ wallMs, peakRssMb: process.resourceUsage().maxRSS / 1024, templates: suite.templates.length, results })}\n`,
);
