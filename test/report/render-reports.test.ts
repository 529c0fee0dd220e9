import { afterAll, describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { buildReportData } from '../../src/report/build-report-data.js';
import { escapeHtml } from '../../src/report/html/escape-html.js';
import { renderHtmlReport } from '../../src/report/html/render-html-report.js';
import { markdownCell, renderMarkdownReport } from '../../src/report/render-markdown-report.js';
import { hostileRuns } from './report-fixture.js';

const { store, suite, runIds } = await hostileRuns();
afterAll(() => store.close());
const data = await buildReportData(store, runIds, { suites: [suite] });

describe('escapeHtml', () => {
  it('makes markup, closing tags and quotes inert', () => {
    expect(escapeHtml(`</textarea><script>alert("x")</script> & 'y'`)).toBe(
      '&lt;/textarea&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });
});

describe('renderHtmlReport', () => {
  it('shows every transcript, artifact and method name as text: no tag, handler or javascript: link gets through', async () => {
    const html = await renderHtmlReport(data);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a[\s>]/i);
    // Every "<" opens one of the page's own tags, and none of them carries a link, a source or a handler:
    // the hostile words appear only inside escaped text and quoted attribute values.
    const tags = [...html.matchAll(/<([a-z][\w-]*)((?:\s+[\w:-]+(?:="[^"<]*")?)*)\s*\/?>/gi)];
    const closing = html.match(/<\/[a-z][\w-]*>/gi) ?? [];
    expect(tags.length + closing.length + 1).toBe(html.split('<').length - 1);
    const attributes = tags.flatMap((tag) =>
      [...(tag[2] ?? '').replace(/="[^"]*"/g, '').matchAll(/\s([\w:-]+)(?==|\s|$)/g)].map((m) =>
        m[1]!.toLowerCase(),
      ),
    );
    expect(attributes.filter((name) => name === 'href' || name === 'src' || name.startsWith('on'))).toEqual(
      [],
    );
    expect(html).not.toMatch(/<\/textarea/i);
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<b>who</b>');
    // The hostile text is there, as text.
    expect(html).toContain('&lt;script&gt;document.title = &#39;PWNED-1&#39;; alert(1)&lt;/script&gt;');
    expect(html).toContain('[the runbook](javascript:alert(3))');
    expect(html).toContain(
      '&lt;img src=x onerror=&quot;document.title=&#39;PWNED-5&#39;&quot;&gt;|pipe@1.0.0',
    );
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
  });

  it('has the leaderboard, every chart as inline SVG, the usage note and one drill-down entry per case', async () => {
    const html = await renderHtmlReport(data);
    expect(html.match(/<table class="leaderboard">/g)).toHaveLength(1);
    expect(html).toMatch(/<th>Elite \(95% CI\)<\/th><th[^>]*>Retention<\/th><th[^>]*>vs oracle<\/th>/);
    expect(html.match(/<figure><svg/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html.match(/<details class="case"/g)).toHaveLength(4);
    expect(html).toContain('No run called a model');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('shows every item once: failing ones open, passing ones folded, repeats of the cycle before named', async () => {
    const html = await renderHtmlReport(data);
    // structured-state passes both items in every cycle with the same answers.
    expect(html).toContain('<details><summary class="pass">Passed: recall_rule, open_task</summary><table>');
    expect(html).toContain(
      '<p class="muted">Same answer and verdict as in cycle 0: recall_rule, open_task</p>',
    );
    // The hostile method misses the open task: its row is shown with the response and the reason; what was
    // expected is in the case's item table, once.
    expect(html).toContain(
      '<tr><td><code>open_task</code></td><td>The notes do not say.</td><td class="fail">fail</td><td>missing &quot;tag the release&quot;</td></tr>',
    );
    expect(html).toMatch(
      /<tr><td><code>open_task<\/code><br><span class="muted">unresolved_task_continuity<\/span><\/td><td>[^<]+<\/td><td>contains &quot;tag the release&quot;<\/td><\/tr>/,
    );
  });

  it('shows a text once per case: an artifact head or an answer with its verdict repeated elsewhere is named', async () => {
    const html = await renderHtmlReport(data);
    const cases = html.split('<details class="case"').slice(1);
    for (const block of cases) {
      const artifacts = [
        ...block.matchAll(/<summary>Artifact as the target saw it<\/summary><pre>([\s\S]*?)<\/pre>/g),
      ].map((match) => match[1]!.replace(/\n… [\d,]+ more characters$/, ''));
      expect(new Set(artifacts).size).toBe(artifacts.length);
      const answers = [
        ...block.matchAll(
          /<tr><td><code>([^<]*)<\/code><\/td><td>([\s\S]*?)<\/td><td class="\w+">(\w+)<\/td>/g,
        ),
      ].map((match) => `${match[1]}|${match[2]}|${match[3]}`);
      expect(new Set(answers).size).toBe(answers.length);
    }
    // Every item still has its prompt and expected value, once per case.
    for (const block of cases) {
      const keys = [...block.matchAll(/<tr><td><code>([^<]*)<\/code><br>/g)].map((match) => match[1]);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBeGreaterThan(0);
    }
  });

  it('names the answers and artifacts of a method that repeats another one, instead of showing them again', async () => {
    const [first] = data.cases;
    const original = first!.outcomes[0]!;
    const copy = { ...original, method: 'copy@1.0.0' };
    const html = await renderHtmlReport({ ...data, cases: [{ ...first!, outcomes: [original, copy] }] });
    const copied = html.slice(html.indexOf('<details><summary>copy@1.0.0'));
    expect(copied).not.toContain('<pre>');
    expect(copied).not.toContain('<tr>');
    expect(copied).toContain(`Artifact: as shown for ${original.method}, cycle 0`);
    expect(copied).toMatch(new RegExp(`Same answer and verdict as ${original.method}, cycle 0: \\w`));
    expect(copied).toContain(`Reply from the previous notes: as for ${original.method}, cycle 1.`);
  });

  it('is byte-identical for the same data', async () => {
    expect(await renderHtmlReport(data)).toBe(await renderHtmlReport(data));
  });
});

describe('renderMarkdownReport', () => {
  it('gives the leaderboard, families and drift tables with cells that cannot break the table or inject HTML', () => {
    const markdown = renderMarkdownReport(data);
    expect(markdown).toMatch(/^## CompactBench report\n/);
    expect(markdown).toMatch(/\| Elite \| 95% CI \| Retention \| vs oracle \| Overall \|/);
    expect(markdown).toContain(`| 1 | structured-state@${structuredStateMethod.version} | 1.000 | `);
    expect(markdown).toContain('| 2 | oracle@1.0.0 | 0.900 | ');
    expect(markdown).toContain('&lt;img src=x onerror="document.title=\'PWNED-5\'"&gt;\\|pipe@1.0.0');
    // Markup inside a code span is inert text (shown as typed); everywhere else it must be escaped.
    const outsideCodeSpans = markdown.replace(/(`+)[^`][\s\S]*?\1/g, '');
    expect(outsideCodeSpans).not.toMatch(/<img|<script/);
    expect(markdown.match(/<img/g)).toHaveLength(1);
    expect(markdown).toMatch(/\| Method \| cycle 0 \| cycle 1 \| cycle 2 \|/);
    expect(markdownCell('a|b\n<c>')).toBe('a\\|b &lt;c&gt;');
  });
});
