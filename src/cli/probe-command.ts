import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ValidationError } from '../errors.js';
import { createLanguageModel } from '../llm/create-language-model.js';
import { loadProbeMethod } from '../probes/compact-for-probes.js';
import { formatProbeTable } from '../probes/format-probe-table.js';
import {
  createDeterministicJudge,
  createLexicalAnswerer,
  createModelAnswerer,
  createModelJudge,
  createModelProbeExtractor,
  DEFAULT_RUBRIC,
  parseRubric,
} from '../probes/index.js';
import { runProbes } from '../probes/run-probes.js';
import { readSessions, type SessionFormat } from '../sessions/index.js';
import { openStore } from '../store/index.js';
import { parseInputFormat, parseList, parseWholeNumber } from './parse-options.js';

interface ProbeCommandOptions {
  method: string[];
  methodModel?: string;
  model?: string;
  judge?: string;
  window?: number;
  every?: number;
  at?: string[];
  budget: number;
  perType: number;
  rubric?: string;
  seed: string;
  db?: string;
  store: boolean;
  json?: boolean;
  report?: string;
  probeModel?: string;
  inputFormat: 'auto' | SessionFormat;
}

/** The deterministic methods compared when `--method` is not given: no key, no network. */
const OFFLINE_METHODS = ['default', 'structured-state', 'observation-masking', 'truncate-last-n'];

const HELP_AFTER = `
Without --model the lexical reader answers (not a model: it quotes the context lines closest to the question);
without --judge the deterministic judge scores (not a model: ground-truth coverage per criterion). Both are
for demos and CI; pass model specs (e.g. --model openai:gpt-4o-mini --judge anthropic:claude-sonnet-4-5) for
the seed's evaluation. Results go to the store (--db, default .compactkit/compactkit.db) as a probe run whose
id comes from the inputs and options, so the same command resumes a killed run. --no-store keeps nothing.

Provider compaction: --method anthropic-compact needs --method-model anthropic:<model>; --method openai-compact
(OpenAI's /responses/compact) needs --model openai:<model>, the model that compacts and reads its opaque item back.

Exit codes: 0 done; 2 bad input (unreadable or malformed session, unknown method, bad option); 1 a failure.`;

/** `compactkit probe SESSION...`: probe-based evaluation of compaction methods on real agent sessions. */
export function registerProbeCommand(program: Command): void {
  program
    .command('probe')
    .description('ask probes about compacted-away history of agent sessions and score the answers (seed 004)')
    .argument(
      '<sessions...>',
      'session files (Claude Code, Codex, or any transcript format) or folders of them',
    )
    .option('--method <names>', 'comma-separated methods to compare', parseList, OFFLINE_METHODS)
    .option(
      '--method-model <spec>',
      'the model LLM-based methods use (and the Anthropic model of anthropic-compact)',
    )
    .option('--model <spec>', 'the model under test that answers the probes (default: the lexical reader)')
    .option('--judge <spec>', 'the judge model (default: the deterministic judge)')
    .option(
      '--probe-model <spec>',
      'also let this model write probes (kept only when their facts occur in the session)',
    )
    .option(
      '--window <tokens>',
      'compaction points where the engine trigger fires for this window',
      parseWholeNumber,
    )
    .option('--every <tokens>', 'a compaction point every this many tokens', parseWholeNumber)
    .option('--at <indices>', 'compaction points at these message indices (comma-separated)', parseList)
    .option('--budget <tokens>', 'tokens the compacted context may take', parseWholeNumber, 8000)
    .option('--per-type <n>', 'most probes of each type per point', parseWholeNumber, 4)
    .option('--rubric <file>', 'a rubric JSON file in the shape of the built-in one (default: seed 004)')
    .option('--seed <text>', 'seeds the blinded judging order', 'probes')
    .option(
      '--input-format <format>',
      'auto, claude-code, codex, compactkit, openai, anthropic or ai-sdk',
      parseInputFormat,
      'auto',
    )
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--no-store', 'do not store results (no resume)')
    .option('--json', 'print the results and the aggregate as JSON')
    .option('--report <path>', 'also write an HTML report: the table, a per-dimension chart and every answer')
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], options: ProbeCommandOptions) => {
      const sessions = await readSessions(paths, { format: options.inputFormat });
      const rubric = options.rubric ? parseRubric(readJson(options.rubric), options.rubric) : DEFAULT_RUBRIC;
      const at = options.at?.map((value) => {
        const index = Number(value);
        if (!Number.isInteger(index))
          throw new ValidationError([{ where: '--at', message: `expected message indices, got "${value}"` }]);
        return index;
      });
      const methodModel = options.methodModel ? createLanguageModel(options.methodModel) : undefined;
      const methods = [];
      for (const name of options.method)
        methods.push(
          await loadProbeMethod(name, {
            ...(methodModel ? { model: methodModel } : {}),
            ...(options.methodModel ? { modelSpec: options.methodModel } : {}),
            ...(options.model ? { answerModelSpec: options.model } : {}),
          }),
        );
      const answerer = options.model
        ? createModelAnswerer(createLanguageModel(options.model))
        : createLexicalAnswerer();
      const judge = options.judge
        ? createModelJudge(createLanguageModel(options.judge), { rubric })
        : createDeterministicJudge({ rubric });
      const points = {
        ...(options.window !== undefined ? { window: options.window } : {}),
        ...(options.every !== undefined ? { every: options.every } : {}),
        ...(at ? { at } : {}),
      };
      const config = {
        sessions: sessions.map((session) => session.source),
        methods: options.method,
        model: answerer.id,
        judge: judge.id,
        points,
        budget: options.budget,
        perType: options.perType,
        rubric: rubric.id,
        seed: options.seed,
        probeModel: options.probeModel,
      };
      const fingerprint = createHash('sha256').update(JSON.stringify(config)).digest('hex');
      const store = options.store ? openStore(options.db ? { path: options.db } : {}) : undefined;
      const runId = `probe-${fingerprint.slice(0, 12)}`;
      try {
        if (store && !store.runs.get(runId))
          store.runs.create({
            id: runId,
            kind: 'probe',
            fingerprint,
            config,
            versions: { rubric: rubric.version },
          });
        const run = await runProbes({
          sessions: sessions.map((session) => ({
            key: session.source,
            messages: session.messages,
            ...(session.metadata.cwd ? { cwd: session.metadata.cwd } : {}),
            taskType: taskTypeOf(session.source),
          })),
          methods,
          answerer,
          judge,
          points,
          budgetTokens: options.budget,
          maxPerType: options.perType,
          seed: options.seed,
          ...(options.probeModel
            ? { extraProbes: createModelProbeExtractor(createLanguageModel(options.probeModel)) }
            : {}),
          ...(store ? { store: { store, runId } } : {}),
        });
        if (options.report) {
          const { renderProbeReport } = await import('../report/html/render-probe-section.js');
          writeFileSync(options.report, renderProbeReport(run, { answerer: answerer.id, judge: judge.id }));
        }
        if (store)
          store.runs.finish(runId, run.results.some((result) => result.error) ? 'incomplete' : 'complete');
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify({ runId: store ? runId : undefined, config, ...run }, null, 2)}\n`,
          );
          return;
        }
        const failed = run.results.filter((result) => result.error !== undefined);
        process.stdout.write(
          [
            `compactkit probe: ${sessions.length} session(s), ${new Set(run.results.map((r) => `${r.sessionKey}:${r.point}`)).size} compaction point(s), ${run.results.length} answers`,
            `answers: ${answerer.id}; judge: ${judge.id}`,
            '',
            formatProbeTable(run.aggregate),
            ...(failed.length > 0
              ? [`${failed.length} answer(s) failed and are not scored; see --json for each error`]
              : []),
            ...(store ? [`stored as run ${runId} in ${store.path}`] : []),
            ...(options.report ? [`wrote ${options.report}`] : []),
          ].join('\n'),
        );
        process.stdout.write('\n');
      } finally {
        store?.close();
      }
    });
}

/** The task type a session's file name suggests (the samples are named so); `other` otherwise. */
function taskTypeOf(path: string): string {
  const name = basename(path).toLowerCase();
  if (/debug|bug|fix/.test(name)) return 'debugging';
  if (/feature|implement|add-/.test(name)) return 'feature';
  if (/review/.test(name)) return 'review';
  return 'other';
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ValidationError([
      { where: path, message: `not a readable JSON file (${(error as Error).message})` },
    ]);
  }
}
