import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasValidToolPairs } from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';
import { runBuiltCli } from '../support/built-cli.js';

const root = new URL('../..', import.meta.url).pathname;

/** Runs the built CLI (test/support/built-cli.ts) in a child process. */
function cli(args: string[], cwd = root, input?: string) {
  return runBuiltCli(args, { cwd, ...(input !== undefined ? { input } : {}) });
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
    // The orphan result breaks pairing: refused by default (see the bad-input test), repaired with --repair.
    const run = cli(['compact', file, '--out', out, '--repair']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('warning: tool result orphan had no matching call; kept as a user note');
    const document = JSON.parse(readFileSync(out, 'utf8')) as { messages: Message[] };
    expect(hasValidToolPairs(document.messages)).toBe(true);
    const text = document.messages.map((message) => message.content).join('\n');
    expect(text).toContain('Never run rm -rf /. <|endoftext|> turn 29');
    expect(text).toContain('stray output');
    expect(text.length).toBeLessThan(200_000);
  });

  it('compacts stdin with --method structured-state and writes the provider format to stdout', () => {
    const sample = readFileSync(join(root, 'samples/agent-session.jsonl'), 'utf8');
    const run = cli(
      ['compact', '-', '--method', 'structured-state', '--format', 'openai', '--max-context', '8000'],
      root,
      sample,
    );
    expect(run.code).toBe(0);
    const messages = JSON.parse(run.stdout) as { role: string; content: unknown }[];
    expect(messages[0]).toMatchObject({ role: 'system' });
    const artifact = messages.find(
      (message) =>
        typeof message.content === 'string' &&
        message.content.startsWith('[Compacted by structured-state: turns '),
    );
    expect(artifact).toBeDefined();
    // The report goes to stderr when the output takes stdout.
    expect(run.stderr).toMatch(/method: structured-state/);
    expect(run.stderr).toMatch(/wrote stdout/);
  });

  it('refuses bad input with one line, exit 2, and no output file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-cli-'));
    const out = join(dir, 'out.json');
    const write = (name: string, messages: Message[]) => {
      const path = join(dir, name);
      writeFileSync(path, messages.map((message) => JSON.stringify(message)).join('\n'));
      return path;
    };
    const call = (id: string, command: string): Message => ({
      role: 'assistant',
      content: '',
      toolCalls: [{ id, name: 'bash', arguments: { command } }],
    });
    const unpaired = write('unpaired.jsonl', [
      { role: 'user', content: 'Run the tests.' },
      call('c1', 'npm test'),
      { role: 'user', content: 'And?' },
    ]);
    const huge = write('huge.jsonl', [
      { role: 'user', content: 'Dump the log.' },
      call('c1', 'cat log'),
      { role: 'tool', toolCallId: 'c1', content: 'line of the log\n'.repeat(4000) },
    ]);
    const pinned = write('pinned.jsonl', [
      { role: 'system', content: 'Rule. '.repeat(3000) },
      { role: 'user', content: 'Go.' },
      { role: 'assistant', content: 'Done.' },
    ]);
    const cases: [string[], RegExp][] = [
      [
        [unpaired],
        /^compactkit: .*unpaired\.jsonl: message 2: tool call c1 \(bash\) has no result right after it; .*--repair/,
      ],
      [
        [huge, '--budget', '2000'],
        /^compactkit: .*huge\.jsonl: message 3: the latest tool result \(c1, \d+ tokens\) alone exceeds the budget of 2000 tokens/,
      ],
      [
        [pinned, '--max-context', '2000'],
        /^compactkit: .*pinned\.jsonl: loop transcript: pinned content is \d+ tokens, over the budget of \d+ by \d+ \(largest pins: system prompt/,
      ],
      [
        [pinned, '--method', 'no-such-method'],
        /^compactkit: --method no-such-method: unknown method; built-in: /,
      ],
      [
        [pinned, '--format', 'yaml'],
        /option '--format <format>' argument 'yaml' is invalid\. expected one of compactkit\|openai\|anthropic\|ai-sdk/,
      ],
    ];
    for (const [args, message] of cases) {
      const run = cli(['compact', ...args, '--out', out]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')[0], args.join(' ')).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out), `${args.join(' ')} wrote nothing`).toBe(false);
    }
  }, 180_000);
});
