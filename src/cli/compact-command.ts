import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { compactTranscript, formatTurns } from '../compaction/index.js';
import { readTranscript } from '../messages/index.js';
import type { TokenEncoding } from '../tokens/index.js';
import { parseEncoding, parseFormat, parseWholeNumber } from './parse-options.js';

interface CompactCommandOptions {
  out?: string;
  maxContext: number;
  keepFirst?: number;
  keepRecent?: number;
  maxSummaryTokens?: number;
  toolOutputMaxLines?: number;
  focus?: string;
  encoding: TokenEncoding;
  format: string;
  json?: boolean;
}

/** `compactkit compact FILE`: compacts a transcript now and reports what was kept, summarised and dropped. */
export function registerCompactCommand(program: Command): void {
  program
    .command('compact')
    .description(
      'compact a transcript (JSON or JSONL, our format, OpenAI, Anthropic or AI SDK) and report what was kept',
    )
    .argument('<file>', 'transcript file (.json or .jsonl)')
    .option(
      '-o, --out <path>',
      'where to write the compacted context (default .compactkit/compacted/<name>.json)',
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
    .option('--format <format>', 'auto, compactkit, openai, anthropic or ai-sdk', 'auto')
    .option('--json', 'print the report as JSON instead of text')
    .action(async (file: string, options: CompactCommandOptions) => {
      const transcript = await readTranscript(file, { format: parseFormat(options.format) });
      const config = {
        ...(options.keepFirst !== undefined ? { keepFirstTurns: options.keepFirst } : {}),
        ...(options.keepRecent !== undefined ? { keepRecentTurns: options.keepRecent } : {}),
        ...(options.maxSummaryTokens !== undefined ? { maxSummaryTokens: options.maxSummaryTokens } : {}),
        ...(options.toolOutputMaxLines !== undefined
          ? { toolOutputMaxLines: options.toolOutputMaxLines }
          : {}),
      };
      const result = await compactTranscript(transcript.messages, {
        maxContextTokens: options.maxContext,
        encoding: options.encoding,
        config,
        ...(options.focus ? { focus: options.focus } : {}),
      });
      const out = resolve(
        options.out ?? join('.compactkit', 'compacted', `${basename(file, extname(file))}.json`),
      );
      mkdirSync(dirname(out), { recursive: true });
      const document = {
        source: file,
        encoding: options.encoding,
        report: result.report,
        messages: result.messages,
      };
      writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ ...result.report, out }, null, 2)}\n`);
        return;
      }
      const readWarnings = transcript.warnings.map((warning) => `${warning.where}: ${warning.message}`);
      process.stdout.write(
        formatReport(file, transcript.format, options.encoding, result.report, out, readWarnings),
      );
    });
}

function formatReport(
  file: string,
  format: string,
  encoding: string,
  report: Awaited<ReturnType<typeof compactTranscript>>['report'],
  out: string,
  readWarnings: readonly string[],
): string {
  const number = (value: number): string => value.toLocaleString('en-US');
  const range = (r: { startTurn: number; endTurn: number }): string =>
    r.startTurn === r.endTurn ? `turn ${r.startTurn}` : `turns ${r.startTurn}-${r.endTurn}`;
  const ratio = report.tokensAfter > 0 ? (report.tokensBefore / report.tokensAfter).toFixed(1) : '∞';
  const lines = [
    `${file} (${format}): ${report.turnCount} turns, ${number(report.messageCount)} messages`,
    `tokens (${encoding}): ${number(report.tokensBefore)} -> ${number(report.tokensAfter)}  (${ratio}x smaller)`,
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
    ...[...readWarnings, ...report.warnings].map((warning) => `warning: ${warning}`),
    `wrote ${out}`,
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
