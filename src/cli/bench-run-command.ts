import { type Command, InvalidArgumentError } from 'commander';
import { buildLeaderboard, formatLeaderboard } from '../bench/leaderboard/index.js';
import { createLexicalTarget } from '../bench/reader/index.js';
import { type BenchRunResult, runBench, type Tier } from '../bench/runner/index.js';
import { resolveSuite, suiteDifficultyWarnings } from '../bench/suites/index.js';
import { createModelTarget, type Target } from '../bench/target/index.js';
import { DIFFICULTIES, type Difficulty } from '../bench/template/index.js';
import {
  builtInMethods,
  type Compactor,
  findMethod,
  loadCompactor,
  parseMethodOptionArgs,
} from '../compactors/index.js';
import { CompactkitError, ValidationError, type ValidationIssue } from '../errors.js';
import { createLanguageModel, type LanguageModel } from '../llm/index.js';
import type { Store } from '../store/index.js';
import { openStore } from '../store/index.js';
import { defaultReportPath } from './default-report-path.js';
import { formatRunScores } from './format-run-scores.js';
import { parseChoice, parseList, parseWholeNumber } from './parse-options.js';
import { createProgressBar } from './progress-bar.js';
import { suiteReadWarnings } from './suite-read-warnings.js';

interface BenchRunCliOptions {
  method?: string[];
  methodOpt: string[];
  methodModel?: string;
  suite: string;
  difficulty: string[];
  cases: number;
  cycles: number;
  seedGroup: string;
  target: string;
  tier: Tier;
  concurrency: number;
  budget?: number;
  driftMode: 'incremental' | 'full';
  resume?: string | boolean;
  family?: string[];
  template?: string[];
  strict?: boolean;
  db?: string;
  json?: boolean;
  progress: boolean;
  /** A path, or false for --no-report; absent means the default path. */
  report?: string | boolean;
}

/** `compactkit bench run`: runs methods on a suite and prints each run's scores and the leaderboard of the runs. */
export function registerBenchRunCommand(bench: Command): void {
  bench
    .command('run')
    .description(
      'benchmark compaction methods on a suite; every prompt, artifact, response and verdict goes to the store',
    )
    .option(
      '--method <names>',
      'comma-separated built-in method names or module paths (./my-method.ts); default: every deterministic built-in method',
      parseList,
    )
    .option(
      '--method-opt <name=value>',
      'a method option, e.g. keepTurns=8, or truncate-last-n.keepTurns=8 for one method (repeatable)',
      collect,
      [],
    )
    .option('--method-model <spec>', 'the model LLM-based methods use, e.g. openai:gpt-4o-mini')
    .option(
      '--suite <name|path>',
      'a shipped suite (elite, starter), a folder of templates (subfolders included) or one template file',
      'elite',
    )
    .option('--difficulty <levels>', `comma-separated: ${DIFFICULTIES.join(',')}`, parseDifficulties, [
      ...DIFFICULTIES,
    ])
    .option('--cases <n>', 'case slots per template and difficulty', parseWholeNumber, 1)
    .option('--cycles <n>', 'drift cycles after the first compaction', parseWholeNumber, 2)
    .option('--seed-group <name>', 'the seed group: a new set of cases per group', '0')
    .option(
      '--target <spec>',
      'lexical (the embedded offline reader, not a language model) or a model spec such as openai:gpt-4o-mini',
      'lexical',
    )
    .option(
      '--tier <tier>',
      'compression tier to qualify at: 2x, 4x or 8x',
      parseChoice(['2x', '4x', '8x'] as const),
      '4x',
    )
    .option('--concurrency <n>', 'cases run at once', parsePositive, 4)
    .option('--budget <tokens>', 'token budget passed to the method', parsePositive)
    .option(
      '--drift-mode <mode>',
      'incremental (previous artifact + new turns) or full (whole transcript again)',
      parseChoice(['incremental', 'full'] as const),
      'incremental',
    )
    .option(
      '--resume [run-id]',
      'continue the newest unfinished run with the same configuration, or this run',
    )
    .option('--family <names>', 'only these families (comma-separated)', parseList)
    .option('--template <keys>', 'only these template keys (comma-separated)', parseList)
    .option('--strict', 'refuse templates that lack a requested difficulty instead of skipping them')
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--json', 'print the scores as JSON instead of tables')
    .option(
      '--report <path>',
      'where to write the HTML report of the runs (default: report.html beside the store)',
    )
    .option('--no-report', 'write no HTML report')
    .option('--no-progress', 'no progress bar')
    .action(async (options: BenchRunCliOptions) => {
      const suite = await resolveSuite(options.suite);
      const warnings = suiteDifficultyWarnings(suite, {
        difficulties: options.difficulty as Difficulty[],
        ...(options.template ? { templates: options.template } : {}),
        ...(options.family ? { families: options.family } : {}),
        strict: options.strict === true,
      });
      for (const { where, message } of [...suiteReadWarnings(suite), ...warnings])
        process.stderr.write(`compactkit: warning: ${where}: ${message}\n`);
      const compactors = await loadMethods(options);
      const store = openStore(options.db ? { path: options.db } : {});
      const controller = new AbortController();
      const stop = () => {
        process.stderr.write('\ncompactkit: stopping after the cases in progress…\n');
        controller.abort(new Error('stopped by the user'));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        // Model calls are recorded with the id of the run in progress, which exists only once it starts.
        let currentRunId: string | undefined;
        const target = makeTarget(options.target, store, () => currentRunId);
        const methodModel =
          options.methodModel === undefined
            ? undefined
            : recordedModel(options.methodModel, store, () => currentRunId);
        const results: BenchRunResult[] = [];
        for (const compactor of compactors) {
          const bar = options.progress && !options.json ? createProgressBar(`${compactor.name}`) : undefined;
          const run = runBench({
            store,
            compactor,
            ...(compactor.needsModel === true && methodModel ? { compactorModel: methodModel } : {}),
            suite,
            ...(options.family ? { families: options.family } : {}),
            ...(options.template ? { templates: options.template } : {}),
            difficulties: options.difficulty as Difficulty[],
            cases: options.cases,
            seedGroup: options.seedGroup,
            cycles: options.cycles,
            driftMode: options.driftMode,
            target,
            tier: options.tier,
            concurrency: options.concurrency,
            ...(options.budget === undefined ? {} : { budgetTokens: options.budget }),
            ...(options.resume === undefined ? {} : { resume: options.resume }),
            signal: controller.signal,
            onRunOpened: (opened) => {
              currentRunId = opened.id;
            },
            ...(bar ? { onProgress: bar.update } : {}),
          });
          let result: BenchRunResult;
          try {
            result = await run;
          } catch (error) {
            bar?.finish();
            if (!controller.signal.aborted) throw error;
            // Ctrl-C: every finished case is stored; the run is marked incomplete and can be resumed.
            throw new CompactkitError('stopped', 'stopped; finished cases are kept, continue with --resume', {
              cause: error,
            });
          }
          bar?.finish();
          results.push(result);
          if (!options.json) process.stdout.write(`${formatRunScores(result.scores)}\n`);
        }
        printLeaderboard(store, results, options);
        if (options.report !== false && results.length > 0) {
          // Loaded here: the charting library is only needed once the runs are done.
          const { writeReport } = await import('../report/index.js');
          const path = await writeReport(
            store,
            results.map((result) => result.run.id),
            typeof options.report === 'string' ? options.report : defaultReportPath(store.path),
            { suites: [suite] },
          );
          (options.json ? process.stderr : process.stdout).write(`report: ${path}\n`);
        }
      } finally {
        process.removeListener('SIGINT', stop);
        process.removeListener('SIGTERM', stop);
        store.close();
      }
    });
}

function printLeaderboard(
  store: Store,
  results: readonly BenchRunResult[],
  options: BenchRunCliOptions,
): void {
  const runIds = results.map((result) => result.run.id);
  const segments = buildLeaderboard(store, { tier: options.tier, runIds });
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ runs: results.map((result) => result.scores), leaderboard: segments }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(`\nLeaderboard of these runs\n${formatLeaderboard(segments)}`);
  process.stdout.write(`store: ${store.path}\n`);
}

function makeTarget(spec: string, store: Store, runId: () => string | undefined): Target {
  if (spec === 'lexical') return createLexicalTarget();
  return createModelTarget(recordedModel(spec, store, runId));
}

/** A model whose every call is recorded in the store under the run in progress. */
function recordedModel(spec: string, store: Store, runId: () => string | undefined): LanguageModel {
  return createLanguageModel(spec, { cache: { recorder: store.llmCalls, mode: 'read-write', runId } });
}

/**
 * The methods to run, each with its `--method-opt` options: an unscoped option goes to every chosen method
 * that declares it (and must be declared by at least one), a scoped one (`name.key=value`) to that method.
 */
async function loadMethods(options: BenchRunCliOptions): Promise<Compactor[]> {
  const names =
    options.method ??
    builtInMethods
      .filter((method) => method.deterministic && !method.needsModel)
      .map((method) => method.name);
  const given = parseMethodOptionArgs(options.methodOpt);
  const shared = given.get('*') ?? {};
  const issues: ValidationIssue[] = [];
  for (const scope of given.keys()) {
    if (scope !== '*' && !names.includes(scope))
      issues.push({ where: `--method-opt ${scope}.…`, message: `method ${scope} is not in --method` });
  }
  const declaring = (key: string) =>
    names.some(
      (name) => Object.hasOwn(findMethod(name)?.options ?? {}, key) || findMethod(name) === undefined,
    );
  for (const key of Object.keys(shared)) {
    if (!declaring(key))
      issues.push({ where: `--method-opt ${key}`, message: `none of the chosen methods takes ${key}` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const compactors: Compactor[] = [];
  for (const name of names) {
    const definition = findMethod(name);
    const sharedHere = Object.fromEntries(
      Object.entries(shared).filter(
        ([key]) => definition === undefined || Object.hasOwn(definition.options, key),
      ),
    );
    const compactor = await loadCompactor(name, { ...sharedHere, ...(given.get(name) ?? {}) });
    if (compactor.needsModel === true && options.methodModel === undefined) {
      throw new ValidationError([
        {
          where: `--method ${name}`,
          message:
            'this method needs a language model: add --method-model <spec>, e.g. --method-model openai:gpt-4o-mini',
        },
      ]);
    }
    compactors.push(compactor);
  }
  return compactors;
}

/** Commander's way to take an option more than once. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseDifficulties(value: string): string[] {
  const levels = parseList(value);
  const unknown = levels.filter((level) => !(DIFFICULTIES as readonly string[]).includes(level));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `unknown difficulty ${unknown.join(', ')}; expected ${DIFFICULTIES.join(',')}`,
    );
  return levels;
}

function parsePositive(value: string): number {
  const parsed = parseWholeNumber(value);
  if (parsed === 0) throw new InvalidArgumentError(`expected a whole number >= 1, got "${value}"`);
  return parsed;
}
