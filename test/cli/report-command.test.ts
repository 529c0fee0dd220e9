import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { runBuiltCliAsync } from '../support/built-cli.js';

const root = new URL('../..', import.meta.url).pathname;
const mini = join(root, 'test/bench/fixtures/mini-suite');

/** Runs the built CLI (test/support/built-cli.ts). */
function cli(args: string[], cwd = root) {
  return runBuiltCliAsync(args, { cwd });
}

describe('compactkit report', () => {
  it('writes the HTML report beside the store, Markdown and JSON on request, and names a missing run in one line', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'compactkit-report-cli-'));
    const db = join(directory, 'store.db');
    const run = await cli([
      'bench',
      'run',
      '--suite',
      mini,
      '--difficulty',
      'easy',
      '--cycles',
      '1',
      '--method',
      'structured-state,truncate-last-n',
      '--db',
      db,
      '--no-progress',
      '--no-report',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('report:');
    expect(existsSync(join(directory, 'report.html'))).toBe(false);
    const store = openStore({ path: db, readonly: true });
    const ids = store.runs.list().map((entry) => entry.id);
    store.close();

    const html = await cli(['report', ...ids, '--db', db, '--suite', mini]);
    expect(html).toMatchObject({ code: 0, stderr: '' });
    expect(html.stdout).toBe(`report: ${join(directory, 'report.html')}\n`);
    const page = readFileSync(join(directory, 'report.html'), 'utf8');
    expect(page).toContain('<h2 id="leaderboard">');
    expect(page.match(/<details class="case"/g)).toHaveLength(2);
    expect(page).not.toContain('Transcript not shown');

    const markdown = await cli(['report', ...ids, '--db', db, '--format', 'md']);
    expect(markdown.stdout).toMatch(/^## CompactBench report\n/);
    expect(markdown.stdout).toMatch(/^\| [12] \| structured-state@\d+\.\d+\.\d+ \| \d\.\d{3} \| /m);
    expect(markdown.stdout).toMatch(/^\| [12] \| truncate-last-n@1\.0\.0 \| \d\.\d{3} \| /m);

    const json = await cli(['report', ids[0]!, '--db', db, '--format', 'json', '--suite', mini]);
    const data = JSON.parse(json.stdout) as {
      reportVersion: number;
      runs: unknown[];
      cases: { transcript: unknown[] | null }[];
    };
    expect(data).toMatchObject({ reportVersion: 1 });
    expect(data.runs).toHaveLength(1);
    expect(data.cases).toHaveLength(2);
    // The folder suite given with --suite lets the JSON carry the transcripts too.
    expect(data.cases.every((entry) => Array.isArray(entry.transcript))).toBe(true);

    const missing = await cli(['report', 'no-such-run', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no run "no-such-run"/);
  }, 120_000);
});
