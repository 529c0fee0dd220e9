/**
 * compactkit report: benchmark runs as a self-contained HTML page with inline SVG charts, as Markdown for a
 * pull request, or as JSON. The data is recomputed from the store, never read from stored aggregates.
 */
export { buildReportData, type ReportOptions } from './build-report-data.js';
export { renderEvaluationReport } from './evaluation/render-evaluation-report.js';
export { escapeHtml } from './html/escape-html.js';
export { renderHtmlReport } from './html/render-html-report.js';
export { renderProbeReport, renderProbeSection } from './html/render-probe-section.js';
export { renderMarkdownReport } from './render-markdown-report.js';
export type * from './report-data.js';
export { type ReportFormat, writeReport } from './write-report.js';
