import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

function cli(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('compactkit probe', () => {
  it('runs offline on sample sessions of both formats and prints the seed’s table, labelled as not models', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'compactkit-probe-')), 'probe.db');
    const args = [
      'probe',
      'samples/sessions/claude-code/feature-runs-since.jsonl',
      'samples/sessions/codex/rollout-2026-10-14T09-12-03-review-store-import.jsonl',
      '--method',
      'default,truncate-last-n',
      '--db',
      db,
    ];
    const run = cli(args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('answers: lexical-reader (not a model); judge: deterministic (not a model');
    expect(run.stdout).toMatch(
      /method\s+overall \(95% CI\)\s+accuracy\s+context\s+artifact\s+completeness\s+continuity\s+instruction\s+n/,
    );
    expect(run.stdout).toMatch(/\ndefault\s+\d\.\d\d \(\d\.\d\d–\d\.\d\d\)( +\d\.\d\d){6}\s+16\n/);
    expect(run.stdout).toMatch(/stored as run probe-[0-9a-f]{12}/);
    // The same command resumes the stored run and prints the same table.
    expect(cli(args).stdout).toBe(run.stdout);
    const json = JSON.parse(cli([...args, '--json']).stdout) as { results: { method: string }[] };
    expect(json.results.filter((result) => result.method === 'default')).toHaveLength(16);
  });

  it('exits 2 with one line for a corrupt session line and for an unknown method', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-probe-'));
    const file = join(dir, 'bad.jsonl');
    writeFileSync(
      file,
      '{"type":"user","uuid":"a","parentUuid":null,"message":{"role":"user","content":"hi"}}\n{"type":"assistant",\n',
    );
    const bad = cli(['probe', file, '--no-store']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      new RegExp(`^compactkit: ${file}:2: not valid JSON \\(.+\\); the line is cut or corrupt\\n$`),
    );
    const unknown = cli(['probe', 'samples/sessions/codex', '--method', 'no-such-method', '--no-store']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
  });
});
