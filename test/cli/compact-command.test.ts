import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasValidToolPairs } from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';

const root = new URL('../..', import.meta.url).pathname;

/** Runs the real CLI from source in a child process. */
function cli(args: string[], cwd = root) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('compactkit CLI', () => {
  it('prints help listing the compact command, and the version', () => {
    const help = cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/compact \[options\] <file>/);
    const version = cli(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('compacts the bundled sample, reports what was kept, and writes a valid context', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const out = join(dir, 'out.json');
    const run = cli(['compact', join(root, 'samples/agent-session.jsonl'), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/61 turns, 376 messages/);
    expect(run.stdout).toMatch(/tokens \(cl100k_base\): 28,329 -> [\d,]+ {2}\(\d+\.\dx smaller\)/);
    expect(run.stdout).toMatch(/kept verbatim: {2}turns 0-1/);
    const summary = /summarised: {5}turns 2-50 -> one summary of ([\d,]+) tokens/.exec(run.stdout);
    expect(Number(summary?.[1]?.replace(',', ''))).toBeLessThanOrEqual(2000);
    expect(run.stdout).toContain(`wrote ${out}`);
    const document = JSON.parse(readFileSync(out, 'utf8')) as {
      report: { tokensAfter: number };
      messages: Message[];
    };
    expect(document.report.tokensAfter).toBeLessThan(28_329 / 3);
    expect(hasValidToolPairs(document.messages)).toBe(true);
    // The user's first rule survives: it sits in the kept-verbatim turn 1.
    expect(document.messages.map((message) => message.content).join('\n')).toContain(
      'do not force-push to shared branches',
    );
  });

  it('is deterministic: the same input gives a byte-identical context file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const first = join(dir, 'a.json');
    const second = join(dir, 'b.json');
    cli(['compact', join(root, 'samples/agent-session.jsonl'), '--out', first]);
    cli(['compact', join(root, 'samples/agent-session.jsonl'), '--out', second]);
    const strip = (path: string) => readFileSync(path, 'utf8').replace(/"createdAt": "[^"]+"/g, '');
    expect(strip(first)).toBe(strip(second));
  });

  it('turns bad input into one line and exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const bad = join(dir, 'transcript.jsonl');
    writeFileSync(
      bad,
      '{"role":"user","content":"hi"}\n{"messages":[{"role":"user","content":"a"},{"role":"robot","content":"b"}]}\n',
    );
    const run = cli(['compact', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `compactkit: ${bad}:2: messages[1].role: expected one of system|user|assistant|tool\n`,
    );
    const missing = cli(['compact', join(dir, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    const option = cli(['compact', bad, '--keep-recent', 'ten']);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/expected a whole number >= 0, got "ten"/);
  });

  it('survives hostile input: special-token text, empty and 5 MB messages, an orphan tool result', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const lines: Message[] = [{ role: 'system', content: '<|im_start|>system<|im_end|>' }];
    for (let turn = 0; turn < 30; turn++) {
      lines.push({
        role: 'user',
        content: turn === 3 ? '' : `Never run rm -rf /. <|endoftext|> turn ${turn}`,
      });
      lines.push({
        role: 'assistant',
        content: '',
        toolCalls: [{ id: `c${turn}`, name: 'bash', arguments: { command: `cat big${turn}` } }],
      });
      lines.push({
        role: 'tool',
        toolCallId: `c${turn}`,
        content: turn === 5 ? 'x'.repeat(5_000_000) : 'ok \u202e <script>',
      });
      lines.push({ role: 'assistant', content: 'done' });
    }
    lines.push({ role: 'tool', toolCallId: 'orphan', content: 'stray output' });
    const file = join(dir, 'hostile.jsonl');
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const out = join(dir, 'out.json');
    const run = cli(['compact', file, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('warning: tool result orphan had no matching call; kept as a user note');
    const document = JSON.parse(readFileSync(out, 'utf8')) as { messages: Message[] };
    expect(hasValidToolPairs(document.messages)).toBe(true);
    const text = document.messages.map((message) => message.content).join('\n');
    expect(text).toContain('Never run rm -rf /. <|endoftext|> turn 29');
    expect(text).toContain('stray output');
    expect(text.length).toBeLessThan(200_000);
  });
});
