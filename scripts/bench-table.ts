/**
 * `npm run bench:table`: runs every deterministic built-in method on the elite, paraphrase and starter suites and on
 * CompactBench's public templates (`../shared/compactbench/public`, or `--compactbench DIR`; skipped with a note
 * when absent), at hard difficulty, 1 case per template, 2 drift cycles, lexical reader, offline, into a fresh
 * store, and writes the tables between the `bench:table` markers of README.md. With `--check` it writes nothing
 * and exits 1 when the README's tables differ from a fresh run's, so a stale table is caught; `--json FILE`
 * also writes every score behind the tables.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createLexicalTarget } from '../src/bench/reader/index.js';
import { measureSuites } from '../src/bench/results-table/measure-suite.js';
import { formatResultsTables, replaceBetweenMarkers } from '../src/bench/results-table/results-table.js';
import { builtInCompactors } from '../src/compactors/index.js';
import { openStore } from '../src/store/index.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    readme: { type: 'string', default: 'README.md' },
    compactbench: { type: 'string', default: join(root, '../shared/compactbench/public') },
    json: { type: 'string' },
  },
});
const PLAN = 'hard difficulty, 1 case per template, 2 drift cycles';
const CAPTION =
  `Measured by the lexical reader (a deterministic word-matching program, not a language model; ` +
  `\`npm run bench:model\` gives a model's figures), ${PLAN}. Score: the elite score. vs oracle: overall score ` +
  `÷ the oracle's on the same cases. Retention: the share of ground-truth entries the artifacts still carry, ` +
  `computed without the reader. Items passed: item answers that passed, every cycle. Qualifies: the highest ` +
  `compression tier whose floors the run meets.`;

const directory = mkdtempSync(join(tmpdir(), 'compactkit-bench-table-'));
const store = openStore({ path: join(directory, 'store.db') });
try {
  const compactors = builtInCompactors().filter((method) => method.deterministic && !method.needsModel);
  const suites = await measureSuites(
    [
      { title: `elite suite (${PLAN})`, suite: 'elite' },
      { title: `paraphrase suite (${PLAN})`, suite: 'paraphrase' },
      { title: `starter suite (${PLAN})`, suite: 'starter' },
      { title: `CompactBench's public templates (${PLAN})`, suite: values.compactbench },
    ],
    {
      store,
      compactors,
      target: createLexicalTarget(),
      difficulties: ['hard'],
      cases: 1,
      cycles: 2,
      onMethod: (suite, name) => process.stderr.write(`bench:table: ${suite}: ${name}…\n`),
    },
  );
  for (const suite of suites)
    if (suite.skipped !== undefined) process.stderr.write(`bench:table: ${suite.title}: ${suite.skipped}\n`);
  const table = formatResultsTables(suites, CAPTION);
  // Every figure behind the tables (contradiction rate, drift, families…), for whoever checks a claim.
  if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(suites, null, 2)}\n`);
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
