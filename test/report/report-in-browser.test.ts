import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { runBuiltCliAsync } from '../support/built-cli.js';
import { type BrowserPage, chromiumPath, MISSING_CHROMIUM_MESSAGE, openInBrowser } from './browser.js';

const root = new URL('../..', import.meta.url).pathname;
const screenshots = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const executable = chromiumPath();

/** Runs the built CLI (test/support/built-cli.ts) without blocking this process, which serves the fake API. */
function cli(args: string[], env: Record<string, string>) {
  return runBuiltCliAsync(args, { env });
}

describe.skipIf(executable === undefined)(
  `the HTML report in Chromium${executable ? '' : ` (${MISSING_CHROMIUM_MESSAGE})`}`,
  () => {
    let server: FakeServer;
    let report: string;
    let opened: BrowserPage;

    beforeAll(async () => {
      // Every deterministic method plus one LLM method (against the fake OpenAI server, so the cost chart has
      // data), on a suite whose transcripts are full of markup and script; the report is what `bench run` writes.
      server = await startFakeServer('openai');
      server.setFallback(() =>
        textReply('openai', 'Never push to the release branch directly. Still open: tag the release.', {
          input: 300,
          output: 15,
        }),
      );
      const directory = mkdtempSync(join(tmpdir(), 'compactkit-report-browser-'));
      report = join(directory, 'report.html');
      const methods =
        'null,oracle,truncate-last-n,observation-masking,default-block,structured-state,naive-summary';
      const run = await cli(
        [
          'bench',
          'run',
          '--suite',
          join(root, 'test/report/fixtures/hostile-suite'),
          '--difficulty',
          'easy,hard',
          '--cases',
          '2',
          '--method',
          methods,
          '--method-model',
          'openai:gpt-4o-mini',
          '--db',
          join(directory, 'store.db'),
          '--report',
          report,
          '--no-progress',
        ],
        { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`report: ${report.replaceAll('.', '\\.')}\\n$`));
      opened = await openInBrowser(report);
    }, 180_000);

    afterAll(async () => {
      await opened?.close();
      await server?.close();
    });

    it('renders every chart as SVG with its data marks', async () => {
      const counts = await opened.page.$$eval('figure > svg', (charts) =>
        charts.map((chart) => ({
          title: chart.querySelector('title')?.textContent ?? '',
          marks: chart.querySelectorAll(
            'g.role-mark path, g.role-mark rect, g.role-mark line, g.role-mark text',
          ).length,
          width: chart.getBoundingClientRect().width,
        })),
      );
      expect(counts.map((chart) => chart.title)).toEqual([
        'Elite score by weighted part',
        'Elite score against compression ratio',
        expect.stringMatching(/cycle/i),
        expect.stringMatching(/famil/i),
        expect.stringMatching(/contradiction/i),
        expect.stringMatching(/cost|latency/i),
      ]);
      for (const chart of counts) {
        expect(chart.marks, chart.title).toBeGreaterThan(0);
        expect(chart.width, chart.title).toBeGreaterThan(200);
      }
      // Seven methods: the elite chart has four parts for each.
      const bars = await opened.page.$$eval(
        'figure:first-of-type svg g.role-mark path',
        (paths) => paths.length,
      );
      expect(bars).toBe(7 * 4);
    });

    it('makes no request and runs no script, not even the transcript’s own', async () => {
      // Open every case, so that every transcript, artifact and response is in the rendered page.
      await opened.page.$$eval('details', (all) => {
        for (const details of all) details.open = true;
      });
      expect(opened.requests).toEqual([]);
      expect(opened.abortedRequests).toEqual([]);
      expect(opened.dialogs).toEqual([]);
      expect(opened.pageErrors).toEqual([]);
      expect(await opened.page.title()).toMatch(/^CompactBench report: /);
      expect(await opened.page.$$('script, img, a, iframe, object, embed')).toHaveLength(0);
      const text = await opened.page.locator('body').innerText();
      expect(text).toContain("<script>document.title = 'PWNED-1'; alert(1)</script>");
      expect(text).toContain('[the runbook](javascript:alert(3))');
      expect(text).toContain(`</textarea></pre><img src=x onerror="document.title='PWNED-2'">`);
    });

    it('shows the leaderboard, the model usage and a drill-down of every case; a screenshot is kept', async () => {
      expect(await opened.page.locator('table.leaderboard tbody tr').count()).toBe(7);
      expect(await opened.page.locator('details.case').count()).toBe(4);
      expect(await opened.page.locator('#usage + table').innerText()).toMatch(/openai:gpt-4o-mini/);
      await opened.page.$$eval('details', (all) => {
        for (const details of all) details.open = false;
      });
      const png = await opened.screenshot(join(screenshots, 'report.png'));
      expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(existsSync(join(screenshots, 'report.png'))).toBe(true);
      expect(statSync(report).size).toBeLessThan(5_000_000);
      expect(readFileSync(report, 'utf8')).not.toMatch(/<script/i);
    });
  },
);
