import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Command, InvalidArgumentError } from 'commander';
import { ValidationError } from '../errors.js';
import {
  compressionRatio,
  costOfPass,
  createEvaluationRegistry,
  evaluate,
  latency,
  meanScore,
  passRate,
  perDatasetBreakdown,
  type Registry,
  resolveDataset,
  type System,
  tokenEfficiency,
} from '../evaluate/index.js';
import { createLanguageModel, type LanguageModel } from '../llm/index.js';
import { openStore, type Store } from '../store/index.js';
import { parseChoice, parseWholeNumber } from './parse-options.js';
import { createProgressBar } from './progress-bar.js';

const OUTPUTS = ['table', 'json', 'jsonl', 'csv', 'html'] as const;

interface EvalOptions {
  system: string[];
  dataset: string;
  n?: number;
  shuffle?: boolean;
  seed: string;
  evaluator: string[];
  scoreField?: string;
  threshold: number;
  judge?: string;
  model?: string;
  maxWorkers: number;
  output: (typeof OUTPUTS)[number];
  onBadRecord: 'skip' | 'fail';
  dataDir?: string;
  db?: string;
  store: boolean;
  plugin: string[];
  progress: boolean;
  allowCodeExecution?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseThreshold(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new InvalidArgumentError(`expected a number in [0, 1], got "${value}"`);
  return parsed;
}

/** Loads `--plugin` modules: each default export (or `register` export) is called with the registry. */
async function loadPlugins(registry: Registry, plugins: readonly string[]): Promise<void> {
  for (const plugin of plugins) {
    const url = plugin.startsWith('.') || isAbsolute(plugin) ? pathToFileURL(resolve(plugin)).href : plugin;
    const module = (await import(url)) as { default?: unknown; register?: unknown };
    const register = module.default ?? module.register;
    if (typeof register !== 'function')
      throw new ValidationError([
        {
          where: `--plugin ${plugin}`,
          message: 'must export a function (registry) => void as default or as `register`',
        },
      ]);
    await register(registry);
  }
}

/** Download progress on stderr: redrawn on a terminal, a line per 10% (or per file when the size is unknown) otherwise. */
function downloadProgress(): (progress: {
  file: string;
  receivedBytes: number;
  totalBytes?: number;
}) => void {
  let last = '';
  return ({ file, receivedBytes, totalBytes }) => {
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const text = `download ${file} ${megabytes(receivedBytes)}${totalBytes === undefined ? '' : `/${megabytes(totalBytes)}`} MB`;
    if (process.stderr.isTTY) {
      process.stderr.write(
        `\r${text}\u001b[K${totalBytes !== undefined && receivedBytes >= totalBytes ? '\n' : ''}`,
      );
      return;
    }
    const step = totalBytes === undefined ? file : `${file}:${Math.floor((receivedBytes / totalBytes) * 10)}`;
    if (step !== last) {
      last = step;
      process.stderr.write(`${text}\n`);
    }
  };
}

/** Gives every system a unique name: a repeated name gets `#2`, `#3`. */
function uniquelyNamed(systems: readonly System[]): System[] {
  const counts = new Map<string, number>();
  return systems.map((system) => {
    const count = (counts.get(system.name) ?? 0) + 1;
    counts.set(system.name, count);
    if (count === 1) return system;
    const renamed: System = {
      name: `${system.name}#${count}`,
      ...(system.config ? { config: system.config } : {}),
      process: (example, options) => system.process(example, options),
    };
    return renamed;
  });
}

/** `compactkit eval`: systems side by side on a dataset, scored, summarised and stored. */
export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description(
      'evaluate systems that touch context (compressors, proxies, models) on a dataset: scores, cost, latency, compression',
    )
    .option(
      '--system <spec>',
      'identity, truncate:<tokens>, compactor:<method>, proxy:<url>, model:<spec> or a plugin name; repeat to compare',
      collect,
      [],
    )
    .requiredOption(
      '--dataset <name|path>',
      'a registered dataset name (with :config) or a .jsonl/.json/.csv/.parquet file',
    )
    .option('-n, --n <count>', 'the first n examples (after --shuffle)', parseWholeNumber)
    .option('--shuffle', 'take a seeded sample instead of the first n')
    .option('--seed <text>', 'seed of --shuffle', '0')
    .option('--evaluator <name>', "override the dataset's evaluators (repeat)", collect, [])
    .option('--score-field <name>', 'the score the table, pass rate and cost of pass use')
    .option('--threshold <x>', 'pass rate threshold on the score field', parseThreshold, 0.7)
    .option('--judge <spec>', 'model spec of the llm_judge evaluator (adds it)')
    .option('--model <spec>', 'model that answers from the compacted context in compactor:<method> systems')
    .option('--max-workers <n>', 'examples in flight per system', parseWholeNumber, 4)
    .option('--output <format>', `${OUTPUTS.join('|')}`, parseChoice(OUTPUTS), 'table')
    .option(
      '--on-bad-record <policy>',
      'skip|fail a record that does not fit',
      parseChoice(['skip', 'fail'] as const),
      'skip',
    )
    .option('--data-dir <path>', 'local copy of a registered dataset')
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--no-store', 'do not store rows (no resume)')
    .option('--plugin <module>', 'module registering systems, datasets, evaluators (repeat)', collect, [])
    .option(
      '--allow-code-execution',
      'let the code_execution evaluator run model-written code (child process, limits, no network)',
    )
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (options: EvalOptions) => {
      if (options.maxWorkers < 1)
        throw new ValidationError([{ where: '--max-workers', message: 'must be at least 1' }]);
      const registry = createEvaluationRegistry({
        hub: options.progress ? { onProgress: downloadProgress() } : {},
      });
      await loadPlugins(registry, options.plugin);
      const dataset = await resolveDataset(options.dataset, registry, {
        ...(options.n === undefined ? {} : { n: options.n }),
        ...(options.shuffle ? { shuffle: true, seed: options.seed } : {}),
        ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
        onBadRecord: options.onBadRecord,
      });
      for (const issue of dataset.skipped.slice(0, 20))
        process.stderr.write(`compactkit: skipped ${issue.where}: ${issue.message}\n`);
      if (dataset.skipped.length > 20)
        process.stderr.write(`compactkit: skipped ${dataset.skipped.length - 20} more bad records\n`);
      const store: Store | undefined = options.store
        ? openStore(options.db ? { path: options.db } : {})
        : undefined;
      const controller = new AbortController();
      const stop = () => controller.abort(new Error('stopped by the user'));
      process.once('SIGINT', stop);
      try {
        const createModel = (spec: string): LanguageModel =>
          createLanguageModel(spec, store ? { cache: { recorder: store.llmCalls, mode: 'read-write' } } : {});
        const model = options.model ? createModel(options.model) : undefined;
        const judge = options.judge ? createModel(options.judge) : undefined;
        const specs = options.system.length > 0 ? options.system : ['identity'];
        const systems: System[] = [];
        for (const spec of specs) {
          const colon = spec.indexOf(':');
          const factory = registry.get('system', colon > 0 ? spec.slice(0, colon) : spec);
          systems.push(
            await factory(colon > 0 ? spec.slice(colon + 1) : undefined, {
              ...(model ? { model } : {}),
              createModel,
            }),
          );
        }
        const evaluatorNames = options.evaluator.length > 0 ? options.evaluator : dataset.evaluators;
        const evaluators = [...new Set([...evaluatorNames, ...(judge ? ['llm_judge'] : [])])].map((name) =>
          registry.get(
            'evaluator',
            name,
          )({ ...(judge ? { judge } : {}), allowCodeExecution: options.allowCodeExecution === true }),
        );
        const scoreField = options.scoreField ?? (options.evaluator.length > 0 ? 'f1' : dataset.scoreField);
        const metricOptions = { scoreField, threshold: options.threshold };
        // One bar per system, each timed from its own start.
        let bar: { system: string; started: number; bar: ReturnType<typeof createProgressBar> } | undefined;
        const result = await evaluate({
          systems: uniquelyNamed(systems),
          dataset: dataset.examples,
          datasetName: dataset.name,
          datasetParams: dataset.params,
          evaluators,
          metrics: [
            meanScore({ scoreField }),
            passRate(metricOptions),
            costOfPass(metricOptions),
            latency(),
            compressionRatio(),
            perDatasetBreakdown({ scoreField }),
            tokenEfficiency({ scoreField }),
          ],
          maxWorkers: options.maxWorkers,
          ...(store ? { store } : {}),
          signal: controller.signal,
          onProgress: (progress) => {
            if (!options.progress) return;
            if (bar?.system !== progress.system) {
              bar?.bar.finish();
              bar = {
                system: progress.system,
                started: performance.now(),
                bar: createProgressBar(progress.system, 'examples'),
              };
            }
            bar.bar.update({
              runId: progress.system,
              total: progress.total,
              done: progress.done,
              failed: progress.failed,
              skipped: progress.resumed,
              elapsedMs: performance.now() - bar.started,
              etaMs: undefined,
            });
          },
        });
        bar?.bar.finish();
        process.stdout.write(registry.get('reporter', options.output)(result, { scoreField }));
      } finally {
        process.removeListener('SIGINT', stop);
        store?.close();
      }
    });
}
