import { type Command, InvalidArgumentError } from 'commander';
import type { Tier } from '../bench/runner/index.js';
import { DIFFICULTIES } from '../bench/template/index.js';
import { parseChoice, parseDuration, parseList, parseWholeNumber } from './parse-options.js';

/** The parsed options of `bench run`. */
export interface BenchRunCliOptions {
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
  caseTimeout: number;
  callTimeout?: number;
  isolate?: boolean;
  family?: string[];
  template?: string[];
  strict?: boolean;
  db?: string;
  json?: boolean;
  progress: boolean;
  /** A path, or false for --no-report; absent means the default path. */
  report?: string | boolean;
}

/** Declares the description, exit codes and every option of `bench run` on the command. */
export function addBenchRunOptions(command: Command): Command {
  return command
    .description(
      'benchmark compaction methods on a suite; every prompt, artifact, response and verdict goes to the store',
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 every run complete with no failed case; 1 a run incomplete or with failed cases (one line per failure reason on stderr); 2 bad input; 130 stopped (Ctrl-C).',
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
      'continue per method: a method whose run of this configuration is complete is skipped, an unfinished one continued',
    )
    .option(
      '--case-timeout <duration>',
      'deadline of each case (90s, 10m, …); a case past it fails with reason timeout and the run goes on',
      parseDuration,
      600_000,
    )
    .option(
      '--call-timeout <duration>',
      'deadline of each model call, per attempt (default 120s)',
      parseDuration,
    )
    .option(
      '--isolate',
      'run built-in methods in worker threads too (plugins always are), so a deadline stops any method',
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
    .option('--no-progress', 'no progress bar');
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
