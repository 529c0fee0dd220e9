import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import {
  type CompactionReport,
  compactTranscript,
  formatTurns,
  isPinsOverBudgetError,
} from '../compaction/index.js';
import { CompactionError, ValidationError } from '../errors.js';
import { toAnthropicMessages, toModelMessages, toOpenAIMessages } from '../messages/index.js';
import type { Message } from '../messages/types.js';
import type { SessionFormat } from '../sessions/index.js';
import { createTokenCounter, type TokenEncoding } from '../tokens/index.js';
import { checkTranscript, loadMethod, loadTranscript } from './compact-input.js';
import { parseChoice, parseEncoding, parseInputFormat, parseWholeNumber } from './parse-options.js';

const OUTPUT_FORMATS = ['compactkit', 'openai', 'anthropic', 'ai-sdk'] as const;
type OutputFormat = (typeof OUTPUT_FORMATS)[number];

interface CompactCommandOptions {
  out?: string;
  method?: string;
  methodOpt: string[];
  methodModel?: string;
  budget?: number;
  maxContext: number;
  keepFirst?: number;
  keepRecent?: number;
  maxSummaryTokens?: number;
  toolOutputMaxLines?: number;
  focus?: string;
  encoding: TokenEncoding;
  format: OutputFormat;
  repair?: boolean;
  json?: boolean;
  inputFormat: 'auto' | SessionFormat;
}

const HELP_AFTER = `
Methods: without --method the engine's own block compaction runs (first turns verbatim, a digest of the
middle, recent turns with long tool outputs cut, a too-big last turn compacted step by step). With --method
NAME (any built-in method or a plugin path), the method's artifact replaces the compacted middle as one user
message "[Compacted by NAME: turns a-b ...]"; pins (system prompt, first request, rules) and recent turns stay
verbatim around it.

Output: --format compactkit writes {source, encoding, method, report, messages}; openai, anthropic and ai-sdk
write exactly what that provider takes as messages (OpenAI chat messages, Anthropic {system, messages}, AI SDK
ModelMessage[]). --out - writes it to stdout and the report to stderr. Reading from stdin (FILE is -) writes
to stdout unless --out is given.

Exit codes: 0 done; 2 bad input (unreadable or malformed transcript, broken tool pairing or a latest tool
result over the budget without --repair, pins over the budget, unknown method or option, unsupported --format),
nothing written; 1 a failure of compactkit or of a method's model; 130 interrupted.`;

/** `compactkit compact FILE|-`: compacts a transcript now and reports what was kept, summarised and dropped. */
export function registerCompactCommand(program: Command): void {
  program
    .command('compact')
    .description(
      'compact a transcript (a Claude Code session, a Codex rollout, or JSON/JSONL messages in our format, OpenAI, Anthropic or AI SDK) and report what was kept',
    )
    .argument('<file>', 'transcript or session file (.json or .jsonl), or - for standard input')
    .option(
      '--input-format <format>',
      'read the input as auto (detect), claude-code, codex, compactkit, openai, anthropic or ai-sdk',
      parseInputFormat,
      'auto',
    )
    .option('--method <name>', 'a built-in method or a plugin path (default: the engine block compaction)')
    .option('--method-opt <name=value>', 'a method option, e.g. maxTokens=1500 (repeatable)', collect, [])
    .option('--method-model <spec>', 'the model an LLM-based method uses, e.g. openai:gpt-4o-mini')
    .option(
      '--budget <tokens>',
      'tokens the compacted context may take (default 80% of --max-context)',
      parseWholeNumber,
    )
    .option(
      '--format <format>',
      `output format: ${OUTPUT_FORMATS.join(', ')}`,
      parseChoice(OUTPUT_FORMATS),
      'compactkit',
    )
    .option(
      '-o, --out <path>',
      'where to write the output, - for stdout (default .compactkit/compacted/<name>.json)',
    )
    .option('--max-context <tokens>', 'the model context window, in tokens', parseWholeNumber, 128_000)
    .option('--keep-first <turns>', 'turns kept verbatim from the start (default 2)', parseWholeNumber)
    .option('--keep-recent <turns>', 'turns kept from the end (default 10)', parseWholeNumber)
    .option('--max-summary-tokens <tokens>', 'token budget of the summary (default 2000)', parseWholeNumber)
    .option(
      '--tool-output-max-lines <lines>',
      'max lines per recent tool output (default 50)',
      parseWholeNumber,
    )
    .option('--focus <text>', 'what matters now; summaries favour turns about it')
    .option('--encoding <name>', 'cl100k_base or o200k_base', parseEncoding, 'cl100k_base')
    .option('--repair', 'pair broken tool calls and cut an oversized latest result instead of refusing')
    .option('--json', 'print the report as JSON instead of text')
    .addHelpText('after', HELP_AFTER)
    .action(async (file: string, options: CompactCommandOptions) => {
      const transcript = await loadTranscript(file, options.inputFormat);
      const source = file === '-' ? '<stdin>' : file;
      const method = await loadMethod({
        method: options.method,
        methodOpt: options.methodOpt,
        methodModel: options.methodModel,
      });
      const counter = createTokenCounter({ encoding: options.encoding });
      const budgetTokens = options.budget ?? Math.floor(options.maxContext * 0.8);
      if (!options.repair) {
        checkTranscript({ file: source, messages: transcript.messages, budgetTokens, counter });
      }
      const config = {
        ...(options.keepFirst !== undefined ? { keepFirstTurns: options.keepFirst } : {}),
        ...(options.keepRecent !== undefined ? { keepRecentTurns: options.keepRecent } : {}),
        ...(options.maxSummaryTokens !== undefined ? { maxSummaryTokens: options.maxSummaryTokens } : {}),
        ...(options.toolOutputMaxLines !== undefined
          ? { toolOutputMaxLines: options.toolOutputMaxLines }
          : {}),
        ...(method.strategy ? { blockStrategy: method.strategy } : {}),
      };
      const result = await compactTranscript(transcript.messages, {
        maxContextTokens: Math.max(options.maxContext, 1),
        counter,
        config,
        ...(options.budget !== undefined ? { budgetTokens: options.budget } : {}),
        ...(options.focus ? { focus: options.focus } : {}),
      }).catch((error: unknown) => {
        // Pins over the budget are the user's input, not a failure: name them and exit 2.
        if (error instanceof CompactionError && isPinsOverBudgetError(error.cause ?? error)) {
          throw new ValidationError([
            { where: source, message: error.message.replace(/^compaction failed: /, '') },
          ]);
        }
        if (error instanceof CompactionError && /pinned content is/.test(error.message)) {
          throw new ValidationError([
            { where: source, message: error.message.replace(/^compaction failed: /, '') },
          ]);
        }
        throw error;
      });
      const methodName = method.compactor?.name ?? 'default';
      const output = render(options.format, {
        source,
        encoding: options.encoding,
        method: methodName,
        report: result.report,
        messages: result.messages,
      });
      const toStdout = options.out === '-' || (options.out === undefined && file === '-');
      const reportStream = toStdout ? process.stderr : process.stdout;
      let out = '-';
      if (toStdout) process.stdout.write(output);
      else {
        out = resolve(
          options.out ?? join('.compactkit', 'compacted', `${basename(file, extname(file))}.json`),
        );
        writeAtomically(out, output);
      }
      if (options.json) {
        reportStream.write(`${JSON.stringify({ ...result.report, method: methodName, out }, null, 2)}\n`);
        return;
      }
      const readWarnings = transcript.warnings.map((warning) => `${warning.where}: ${warning.message}`);
      reportStream.write(
        formatReport({
          file: source,
          format: transcript.format,
          encoding: options.encoding,
          method: methodName,
          report: result.report,
          out,
          readWarnings,
        }),
      );
    });
}

/** The output document in the chosen format, as text. */
function render(
  format: OutputFormat,
  document: {
    source: string;
    encoding: string;
    method: string;
    report: CompactionReport;
    messages: Message[];
  },
): string {
  const body =
    format === 'openai'
      ? toOpenAIMessages(document.messages, { onUnsupportedPart: 'placeholder' })
      : format === 'anthropic'
        ? toAnthropicMessages(document.messages, { onUnsupportedPart: 'placeholder' })
        : format === 'ai-sdk'
          ? toModelMessages(document.messages)
          : document;
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Writes through a temporary file and a rename, so a failure never leaves a partial output. */
function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

function formatReport(input: {
  file: string;
  format: string;
  encoding: string;
  method: string;
  report: CompactionReport;
  out: string;
  readWarnings: readonly string[];
}): string {
  const { report } = input;
  const number = (value: number): string => value.toLocaleString('en-US');
  const range = (r: { startTurn: number; endTurn: number }): string =>
    r.startTurn === r.endTurn ? `turn ${r.startTurn}` : `turns ${r.startTurn}-${r.endTurn}`;
  const ratio = report.tokensAfter > 0 ? (report.tokensBefore / report.tokensAfter).toFixed(1) : '∞';
  const lines = [
    `${input.file} (${input.format}): ${report.turnCount} turns, ${number(report.messageCount)} messages`,
    `method: ${input.method}`,
    `tokens (${input.encoding}): ${number(report.tokensBefore)} -> ${number(report.tokensAfter)}  (${ratio}x smaller)`,
    `kept verbatim:  ${report.keptVerbatim ? range(report.keptVerbatim) : 'none'}`,
    `kept recent:    ${
      report.keptRecent
        ? `${range(report.keptRecent)} (${report.keptRecent.truncatedToolOutputs} long tool output(s) cut)`
        : 'none'
    }`,
    `summarised:     ${
      report.summarised
        ? `${range(report.summarised)} -> one summary of ${number(report.summarised.summaryTokens)} tokens`
        : 'none'
    }`,
    `dropped:        ${describeDropped(report.dropped)}`,
    ...[...input.readWarnings, ...report.warnings].map((warning) => `warning: ${warning}`),
    `wrote ${input.out === '-' ? 'stdout' : input.out}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** What the summary had to leave out, or "nothing". */
function describeDropped(dropped: { activityTurns: number[]; instructionTurns: number[] }): string {
  const parts = [
    dropped.activityTurns.length > 0 ? `tool activity of turns ${formatTurns(dropped.activityTurns)}` : '',
    dropped.instructionTurns.length > 0
      ? `user/system messages of turns ${formatTurns(dropped.instructionTurns)}`
      : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'nothing' : `${parts.join('; ')} (named in the summary, not silently)`;
}

/** Commander's way to take an option more than once. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
