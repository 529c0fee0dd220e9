import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('compactkit compact on agent logs', () => {
  it('compacts a Claude Code session and a Codex rollout, detected from their lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    for (const [file, format] of [
      ['samples/sessions/claude-code/debugging-retry-attempts.jsonl', 'claude-code'],
      ['samples/sessions/codex/rollout-2026-10-14T09-12-03-debugging-retry-attempts.jsonl', 'codex'],
    ] as const) {
      const out = join(dir, `${format}.json`);
      const run = cli(['compact', file, '--max-context', '20000', '--out', out]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${file} (${format}):`);
      const document = JSON.parse(readFileSync(out, 'utf8')) as { report: { tokensAfter: number } };
      expect(document.report.tokensAfter).toBeLessThanOrEqual(16_000);
    }
  });

  it('exits 2 with one line naming file:line for a corrupt line, and for a forced wrong format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const file = join(dir, 'broken.jsonl');
    const lines = readFileSync(
      join(root, 'samples/sessions/claude-code/feature-runs-since.jsonl'),
      'utf8',
    ).split('\n');
    lines[5] = (lines[5] ?? '').slice(0, 30);
    writeFileSync(file, lines.join('\n'));
    const run = cli(['compact', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(`^compactkit: ${file}:6: not valid JSON \\(.+\\); the line is cut or corrupt\\n$`),
    );
    const forced = cli([
      'compact',
      'samples/sessions/claude-code/feature-runs-since.jsonl',
      '--input-format',
      'codex',
    ]);
    expect(forced.code).toBe(2);
    expect(forced.stderr.split('\n')[0]).toBe(
      'compactkit: samples/sessions/claude-code/feature-runs-since.jsonl: no codex conversation in it (no user or assistant messages); check --input-format, or leave it out to detect the format',
    );
    const unknown = cli(['compact', 'x.jsonl', '--input-format', 'cursor']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'expected one of auto|claude-code|codex|compactkit|openai|anthropic|ai-sdk',
    );
  });
});
