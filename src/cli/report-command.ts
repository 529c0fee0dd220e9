import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { loadSuite } from '../bench/suites/index.js';
import type { ReportFormat } from '../report/index.js';
import { openStore, type Store } from '../store/index.js';
import { defaultReportPath } from './default-report-path.js';
import { parseChoice } from './parse-options.js';

interface ReportCliOptions {
  out?: string;
  format: ReportFormat;
  cases: boolean;
  suite: string[];
  db?: string;
}

function collectSuite(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The report of evaluation runs (`compactkit eval`): HTML with a chart, Markdown table, or JSON. */
async function writeEvaluationReport(
  store: Store,
  runIds: string[],
  options: ReportCliOptions,
): Promise<void> {
  const { readEvaluationResult, formatTable } = await import('../evaluate/index.js');
  const { renderEvaluationReport } = await import('../report/index.js');
  const { result, scoreField } = readEvaluationResult(store, runIds);
  const text =
    options.format === 'json'
      ? `${JSON.stringify(result.toJSON(), null, 2)}\n`
      : options.format === 'md'
        ? `\`\`\`\n${formatTable(result, { scoreField })}\`\`\`\n`
        : await renderEvaluationReport(result, { scoreField });
  if (options.out === undefined && options.format !== 'html') {
    process.stdout.write(text);
    return;
  }
  const path = options.out ?? defaultReportPath(store.path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  process.stdout.write(`report: ${path}\n`);
}

/** `compactkit report RUN...`: one self-contained HTML report (or Markdown / JSON) of benchmark runs. */
export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description(
      'write a report of benchmark runs: one self-contained HTML file with charts, or Markdown, or JSON',
    )
    .argument('<run-ids...>', 'the runs, compared side by side (`compactkit runs list` shows them)')
    .option(
      '--out <path>',
      'the file to write (HTML default: report.html beside the store; md/json default: stdout)',
    )
    .option('--format <format>', 'html, md or json', parseChoice(['html', 'md', 'json'] as const), 'html')
    .option('--no-cases', 'leave out the per-case drill-down')
    .option(
      '--suite <dir>',
      'a folder suite the runs used, to show its transcripts (repeatable)',
      collectSuite,
      [],
    )
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .action(async (runIds: string[], options: ReportCliOptions) => {
      // Loaded on use: the charting library is not needed by any other command.
      const { buildReportData, renderMarkdownReport, writeReport } = await import('../report/index.js');
      const suites = await Promise.all(options.suite.map((directory) => loadSuite(directory)));
      const store = openStore({ ...(options.db ? { path: options.db } : {}), readonly: true });
      try {
        if (runIds.every((runId) => store.runs.get(runId)?.kind === 'evaluate')) {
          await writeEvaluationReport(store, runIds, options);
          return;
        }
        if (options.out === undefined && options.format !== 'html') {
          const data = await buildReportData(store, runIds, {
            cases: options.cases && options.format === 'json',
            suites,
          });
          process.stdout.write(
            options.format === 'md' ? renderMarkdownReport(data) : `${JSON.stringify(data, null, 2)}\n`,
          );
          return;
        }
        const path = options.out ?? defaultReportPath(store.path);
        // Markdown has no drill-down, so its cases are not gathered.
        const cases = options.cases && options.format !== 'md';
        await writeReport(store, runIds, path, { format: options.format, cases, suites });
        process.stdout.write(`report: ${path}\n`);
      } finally {
        store.close();
      }
    });
}
