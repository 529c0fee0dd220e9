import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Store } from '../store/types.js';
import { buildReportData, type ReportOptions } from './build-report-data.js';
import { renderHtmlReport } from './html/render-html-report.js';
import { renderMarkdownReport } from './render-markdown-report.js';

/** The forms a report is written in. */
export type ReportFormat = 'html' | 'md' | 'json';

/**
 * Builds the report of these runs and writes it to `path` in one step (a temporary file renamed into place,
 * so an interrupted write never leaves half a report). Returns the path.
 * @example await writeReport(store, [runId], '.compactkit/report.html');
 */
export async function writeReport(
  store: Store,
  runIds: readonly string[],
  path: string,
  options: ReportOptions & { format?: ReportFormat } = {},
): Promise<string> {
  const format = options.format ?? 'html';
  const data = await buildReportData(store, runIds, {
    ...options,
    cases: options.cases ?? format !== 'md',
  });
  const text =
    format === 'json'
      ? `${JSON.stringify(data, null, 2)}\n`
      : format === 'md'
        ? renderMarkdownReport(data)
        : await renderHtmlReport(data);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
  return path;
}
