import { afterAll, describe, expect, it } from 'vitest';
import { buildReportData } from '../../src/report/build-report-data.js';
import { markdownCodeSpan } from '../../src/report/markdown-code-span.js';
import { renderMarkdownReport } from '../../src/report/render-markdown-report.js';
import { hostileRuns } from '../report/report-fixture.js';

/*
 * A code span shows its text exactly as typed (CommonMark 6.1: no entity or backslash is decoded inside), so
 * the report must not HTML-escape inside one: a method named `<img …>|pipe` showed as `&lt;img …&gt;\|pipe`.
 * Markup inside a code span is inert already, so nothing is lost by leaving it raw.
 */

const { store, suite, runIds } = await hostileRuns();
afterAll(() => store.close());

describe('Markdown code spans', () => {
  it('show a hostile method name as typed in the report, with no HTML escape inside the span', async () => {
    const markdown = renderMarkdownReport(await buildReportData(store, runIds, { suites: [suite] }));
    const line = markdown.split('\n').find((entry) => entry.includes('pipe@1.0.0`:')) ?? '';
    expect(line).toBe(
      '- `<img src=x onerror="document.title=\'PWNED-5\'">|pipe@1.0.0`: family buried_constraint pass rate 0.17 is below 0.40',
    );
  });

  it('fence text holding backticks with a longer run, pad a leading or trailing backtick, keep one line', () => {
    expect(markdownCodeSpan('plain')).toBe('`plain`');
    expect(markdownCodeSpan('a `b` c')).toBe('``a `b` c``');
    expect(markdownCodeSpan('x``y')).toBe('```x``y```');
    expect(markdownCodeSpan('`edge`')).toBe('`` `edge` ``');
    expect(markdownCodeSpan('a &lt; b\\*')).toBe('`a &lt; b\\*`');
    expect(markdownCodeSpan('two\nlines')).toBe('`two lines`');
    expect(markdownCodeSpan('a|b', { inTable: true })).toBe('`a\\|b`');
  });
});
