import type { Command } from 'commander';
import { formatLeaderboard } from '../bench/leaderboard/index.js';
import { createLexicalTarget } from '../bench/reader/index.js';
import { runBenches } from '../bench/runner/index.js';
import { resolveSuite, suiteDifficultyWarnings } from '../bench/suites/index.js';
import { createModelTarget } from '../bench/target/index.js';
import type { Difficulty } from '../bench/template/index.js';
import { resolveMethods } from '../compactors/index.js';
import { openStore } from '../store/index.js';
import { addBenchRunOptions, type BenchRunCliOptions } from './bench-run-cli-options.js';
import { defaultReportPath } from './default-report-path.js';
import { failOnUncleanRuns } from './fail-on-unclean-runs.js';
import { formatRunScores } from './format-run-scores.js';
import { guardRuns } from './guard-runs.js';
import { createProgressBar } from './progress-bar.js';
import { recordedModel } from './recorded-model.js';
import { suiteReadWarnings } from './suite-read-warnings.js';

/** `compactkit bench run`: runs methods on a suite, prints each run's scores and the leaderboard of the runs. */
export function registerBenchRunCommand(bench: Command): void {
  addBenchRunOptions(bench.command('run')).action(async (options: BenchRunCliOptions) => {
    const suite = await resolveSuite(options.suite);
    const filters = {
      ...(options.template ? { templates: options.template } : {}),
      ...(options.family ? { families: options.family } : {}),
    };
    const difficulties = options.difficulty as Difficulty[];
    const strict = options.strict === true;
    for (const { where, message } of [
      ...suiteReadWarnings(suite),
      ...suiteDifficultyWarnings(suite, { difficulties, ...filters, strict }),
    ])
      process.stderr.write(`compactkit: warning: ${where}: ${message}\n`);
    const compactors = await resolveMethods({
      ...(options.method ? { names: options.method } : {}),
      optionArgs: options.methodOpt,
      ...(options.methodModel === undefined ? {} : { methodModel: options.methodModel }),
      isolate: options.isolate === true ? 'all' : 'plugins',
    });
    const store = openStore(options.db ? { path: options.db } : {});
    const guard = guardRuns(store);
    const model = (spec: string) =>
      recordedModel(spec, { store, runId: () => guard.runId, timeoutMs: options.callTimeout });
    const out = options.json ? process.stderr : process.stdout;
    let bar: ReturnType<typeof createProgressBar> | undefined;
    try {
      const { runs, leaderboard } = await runBenches({
        store,
        compactors,
        suite,
        ...filters,
        difficulties,
        cases: options.cases,
        seedGroup: options.seedGroup,
        cycles: options.cycles,
        driftMode: options.driftMode,
        target:
          options.target === 'lexical' ? createLexicalTarget() : createModelTarget(model(options.target)),
        ...(options.methodModel === undefined ? {} : { methodModel: model(options.methodModel) }),
        tier: options.tier,
        concurrency: options.concurrency,
        caseTimeoutMs: options.caseTimeout,
        ...(options.budget === undefined ? {} : { budgetTokens: options.budget }),
        ...(options.resume === undefined ? {} : { resume: options.resume }),
        stopSignal: guard.stopSignal,
        onRunOpened: (run, compactor) => {
          guard.runId = run.id;
          bar = options.progress && !options.json ? createProgressBar(compactor.name) : undefined;
        },
        onProgress: (progress) => bar?.update(progress),
        onRunDone: (result, compactor) => {
          bar?.finish();
          [bar, guard.runId] = [undefined, undefined];
          if (result.alreadyComplete)
            out.write(`${compactor.name}: run ${result.run.id} of this configuration is complete; skipped\n`);
          if (!options.json) process.stdout.write(`${formatRunScores(result.scores)}\n`);
        },
      });
      if (options.json) {
        const scores = runs.map((run) => run.scores);
        process.stdout.write(`${JSON.stringify({ runs: scores, leaderboard }, null, 2)}\n`);
      } else {
        process.stdout.write(
          `\nLeaderboard of these runs\n${formatLeaderboard(leaderboard)}store: ${store.path}\n`,
        );
      }
      if (options.report !== false && runs.length > 0) {
        // Loaded here: the charting library is only needed once the runs are done.
        const { writeReport } = await import('../report/index.js');
        const path = typeof options.report === 'string' ? options.report : defaultReportPath(store.path);
        const runIds = runs.map((run) => run.run.id);
        out.write(`report: ${await writeReport(store, runIds, path, { suites: [suite] })}\n`);
      }
      failOnUncleanRuns(store, runs);
    } finally {
      bar?.finish();
      guard.dispose();
      store.close();
    }
  });
}
