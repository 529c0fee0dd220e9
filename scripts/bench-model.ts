/**
 * `npm run bench:model -- --target SPEC`: runs the deterministic built-in methods on the elite and paraphrase
 * suites with a model as the target (any model spec: `openai:gpt-4o-mini`, `ollama:qwen2.5`,
 * `openai-compatible:<model>@http://127.0.0.1:8080/v1` for a llama.cpp server…), at hard difficulty, 1 case per
 * template, 2 drift cycles, and writes the tables between the `bench:model` markers of README.md. Its figures
 * come from a model and are never ranked with the lexical reader's (`npm run bench:table`).
 *
 *   npm run bench:model -- --target SPEC [--suite elite,paraphrase] [--method a,b] [--difficulty hard]
 *     [--cases 1] [--cycles 2] [--concurrency 4] [--db store.db] [--readme README.md] [--no-write]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureSuites } from '../src/bench/results-table/measure-suite.js';
import { formatResultsTables, replaceBetweenMarkers } from '../src/bench/results-table/results-table.js';
import { createModelTarget } from '../src/bench/target/index.js';
import { DIFFICULTIES, type Difficulty } from '../src/bench/template/index.js';
import { builtInCompactors } from '../src/compactors/index.js';
import { CompactkitError, ValidationError } from '../src/errors.js';
import { createLanguageModel } from '../src/llm/index.js';
import { openStore } from '../src/store/index.js';

/** A mistake in the command line: one line on stderr, exit code 2. */
class UsageError extends Error {}

function wholeNumber(value: string, flag: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag}: expected a whole number, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      suite: { type: 'string', default: 'elite,paraphrase' },
      method: { type: 'string' },
      difficulty: { type: 'string', default: 'hard' },
      cases: { type: 'string', default: '1' },
      cycles: { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '4' },
      db: { type: 'string' },
      readme: { type: 'string', default: 'README.md' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  if (values.target === undefined || values.target === 'lexical') {
    throw new UsageError(
      '--target: give a model spec, e.g. ollama:qwen2.5 or openai-compatible:<model>@<baseURL>',
    );
  }
  const difficulties = values.difficulty.split(',');
  const unknown = difficulties.find((level) => !(DIFFICULTIES as readonly string[]).includes(level));
  if (unknown !== undefined)
    throw new UsageError(`--difficulty: unknown level "${unknown}"; use ${DIFFICULTIES.join(', ')}`);
  const available = builtInCompactors().filter((method) => method.deterministic && !method.needsModel);
  const names = values.method?.split(',') ?? available.map((method) => method.name);
  const missing = names.find((name) => !available.some((method) => method.name === name));
  if (missing !== undefined)
    throw new UsageError(
      `--method: "${missing}" is not a deterministic built-in method; use ${available.map((m) => m.name).join(', ')}`,
    );
  const cases = wholeNumber(values.cases, '--cases');
  const cycles = wholeNumber(values.cycles, '--cycles');
  const concurrency = wholeNumber(values.concurrency, '--concurrency');
  const readme = values['no-write'] ? '' : readFileSync(values.readme, 'utf8');
  const start = readme.indexOf('<!-- bench:model:start -->');
  if (!values['no-write'] && (start < 0 || readme.indexOf('<!-- bench:model:end -->') < start))
    throw new UsageError(`--readme: ${values.readme} lacks the <!-- bench:model:start --> and :end markers`);
  const directory =
    values.db === undefined ? mkdtempSync(join(tmpdir(), 'compactkit-bench-model-')) : undefined;
  const store = openStore({ path: values.db ?? join(directory as string, 'store.db') });
  try {
    let runId: string | undefined;
    const model = createLanguageModel(values.target, {
      cache: { recorder: store.llmCalls, mode: 'read-write', runId: () => runId },
    });
    const plan = `${difficulties.join(',')} difficulty, ${cases} case(s) per template, ${cycles} drift cycle(s)`;
    const suites = await measureSuites(
      values.suite.split(',').map((suite) => ({ title: `${suite} suite (${plan})`, suite })),
      {
        store,
        compactors: available.filter((method) => names.includes(method.name)),
        target: createModelTarget(model),
        difficulties: difficulties as Difficulty[],
        cases,
        cycles,
        concurrency,
        onMethod: (suite, name) => process.stderr.write(`bench:model: ${suite}: ${name}…\n`),
        onRunOpened: (run) => {
          runId = run.id;
        },
      },
    );
    const caption =
      `Measured by the model \`${model.id}\` as the target (it answers every item from the artifact alone), ` +
      `${plan}. These figures come from a model, not from the lexical reader, and are not ranked with its ` +
      `table. Score: the elite score. vs oracle: overall score ÷ the oracle's on the same cases. Retention: the ` +
      `share of ground-truth entries the artifacts still carry, computed without any reader. Items passed: item ` +
      `answers that passed, every cycle. Qualifies: the highest compression tier whose floors the run meets.`;
    const table = formatResultsTables(suites, caption);
    if (!values['no-write'])
      writeFileSync(values.readme, replaceBetweenMarkers(readme, 'bench:model', table));
    process.stdout.write(table);
  } finally {
    store.close();
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  const usage =
    error instanceof UsageError ||
    error instanceof ValidationError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
  if (!usage && !(error instanceof CompactkitError)) throw error;
  // A bad argument is exit 2; a failure of the model or the store is exit 1; either way one line.
  process.stderr.write(`bench:model: ${(error as Error).message.split('\n')[0]}\n`);
  process.exitCode = usage ? 2 : 1;
}
