import type { Command } from 'commander';
import { generateCase } from '../bench/generate/index.js';
import { buildLeaderboard, formatLeaderboard } from '../bench/leaderboard/index.js';
import { scoreStoredRun, type Tier } from '../bench/runner/index.js';
import { builtInSuiteNames, resolveSuite } from '../bench/suites/index.js';
import { DIFFICULTIES, type Difficulty } from '../bench/template/index.js';
import { builtInMethods } from '../compactors/index.js';
import { ValidationError } from '../errors.js';
import { openStore } from '../store/index.js';
import { registerBenchRunCommand } from './bench-run-command.js';
import { failOnUncleanRuns } from './fail-on-unclean-runs.js';
import { formatMethods, methodsJson } from './format-methods.js';
import { formatRunScores } from './format-run-scores.js';
import { parseChoice, parseWholeNumber } from './parse-options.js';
import { suiteReadWarnings } from './suite-read-warnings.js';

const TIERS = ['2x', '4x', '8x'] as const;

/** `compactkit bench …`: CompactBench runs, rescoring, the leaderboard, suites and case generation. */
export function registerBenchCommand(program: Command): void {
  const bench = program.command('bench').description('CompactBench: run, score and rank compaction methods');
  registerBenchRunCommand(bench);
  bench
    .command('score')
    .description(
      'recompute every score of a stored run from its stored responses; exit 1 when the run is incomplete or has failed cases',
    )
    .argument('<run-id>', 'the run')
    .option('--tier <tier>', 'qualify at this tier instead of the run’s own', parseChoice(TIERS))
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--json', 'print JSON')
    .action((runId: string, options: { tier?: Tier; db?: string; json?: boolean }) => {
      const store = openStore({ ...(options.db ? { path: options.db } : {}), readonly: true });
      try {
        const scores = scoreStoredRun(store, runId, options.tier ? { tier: options.tier } : {});
        process.stdout.write(
          options.json ? `${JSON.stringify(scores, null, 2)}\n` : `${formatRunScores(scores)}\n`,
        );
        failOnUncleanRuns(store, [{ scores }]);
      } finally {
        store.close();
      }
    });
  bench
    .command('leaderboard')
    .description('rank the stored runs, segmented by suite version, scorer version, target and case plan')
    .option('--tier <tier>', 'qualify every run at this tier (default: each run’s own)', parseChoice(TIERS))
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--json', 'print JSON')
    .action((options: { tier?: Tier; db?: string; json?: boolean }) => {
      const store = openStore({ ...(options.db ? { path: options.db } : {}), readonly: true });
      try {
        const segments = buildLeaderboard(store, options.tier ? { tier: options.tier } : {});
        process.stdout.write(
          options.json ? `${JSON.stringify(segments, null, 2)}\n` : formatLeaderboard(segments),
        );
      } finally {
        store.close();
      }
    });
  bench
    .command('methods')
    .description('list the built-in compaction methods: name, version, whether it needs a model, options')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) => {
      process.stdout.write(
        options.json
          ? `${JSON.stringify(methodsJson(builtInMethods), null, 2)}\n`
          : formatMethods(builtInMethods),
      );
    });
  bench
    .command('suites')
    .description('list the shipped suites: version, templates and families')
    .action(async () => {
      for (const name of await builtInSuiteNames()) {
        const suite = await resolveSuite(name);
        const families = [...new Set(suite.templates.map(({ template }) => template.family))];
        process.stdout.write(
          `${suite.key}@${suite.version}  ${suite.templates.length} templates, ${families.length} families: ${families.join(', ')}\n  ${suite.description}\n`,
        );
      }
    });
  bench
    .command('generate')
    .description('print one generated case as JSON (transcript, ground truth, items)')
    .requiredOption('--template <key>', 'template key, e.g. buried_constraint_1')
    .option(
      '--suite <name|path>',
      'the suite that holds it: a shipped name, a folder or a template file',
      'elite',
    )
    .option('--seed <group>', 'seed group', '0')
    .option('--slot <n>', 'case slot within the seed group', parseWholeNumber, 0)
    .option('--difficulty <level>', DIFFICULTIES.join('|'), parseChoice(DIFFICULTIES), 'easy')
    .action(
      async (options: {
        template: string;
        suite: string;
        seed: string;
        slot: number;
        difficulty: Difficulty;
      }) => {
        const suite = await resolveSuite(options.suite);
        for (const { where, message } of suiteReadWarnings(suite))
          process.stderr.write(`compactkit: warning: ${where}: ${message}\n`);
        const found = suite.templates.find(({ template }) => template.key === options.template);
        if (found === undefined) {
          const keys = suite.templates.map(({ template }) => template.key);
          throw new ValidationError([
            {
              where: `--template ${options.template}`,
              message: `not in suite ${suite.key}; it has ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`,
            },
          ]);
        }
        const benchCase = generateCase(found.template, {
          suite: suite.key,
          suiteVersion: suite.version,
          difficulty: options.difficulty,
          seedGroup: options.seed,
          slot: options.slot,
        });
        process.stdout.write(`${JSON.stringify(benchCase, null, 2)}\n`);
      },
    );
}
