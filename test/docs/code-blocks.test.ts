import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/run-cli.js';
import { runTypeScriptWithBuild } from '../support/run-with-build.js';

const root = new URL('../..', import.meta.url).pathname;

/** The documents users read: the README and every file under docs/. */
function documents(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

interface Block {
  doc: string;
  line: number;
  lang: string;
  code: string;
}

/** The fenced code blocks of a Markdown file, with the line each opens on. */
function blocksOf(doc: string): Block[] {
  const lines = readFileSync(join(root, doc), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\S*)/.exec(lines[index] as string);
    if (!open) continue;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !(lines[index] as string).startsWith('```'); index += 1) {
      body.push(lines[index] as string);
    }
    blocks.push({ doc, line: start + 1, lang: open[1] ?? '', code: body.join('\n') });
  }
  return blocks;
}

const all = documents().flatMap(blocksOf);
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);
const program = createProgram();

/** The subcommand a command line names, and the flags it passes that the command does not know. */
function unknownFlags(line: string): { path: string; unknown: string[] } {
  const words = [...line.matchAll(/'[^']*'|"[^"]*"|\S+/g)].map((match) => match[0]);
  let command: Command = program;
  const path: string[] = [];
  for (const word of words) {
    const next = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (!next) break;
    command = next;
    path.push(next.name());
  }
  const known = new Set<string>(['--help', '-h']);
  for (let at: Command | null = command; at; at = at.parent) {
    for (const option of at.options) {
      if (option.long) known.add(option.long);
      if (option.short) known.add(option.short);
    }
  }
  const flags = [...line.replace(/'[^']*'|"[^"]*"/g, '').matchAll(/(?<![\w-])--?[A-Za-z][\w-]*/g)].map(
    (match) => match[0],
  );
  return { path: path.join(' '), unknown: flags.filter((flag) => !known.has(flag)) };
}

/** The compactkit and `npm run` command lines of a shell block: continuation lines joined, comments cut. */
function commandLines(code: string): string[] {
  const lines: string[] = [];
  for (const raw of code.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    if (/^(\[|--|\|)/.test(line) && lines.length > 0) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
  }
  // Only the first command of a pipeline, a redirection or a chain is ours to check.
  return lines
    .flatMap((line) => line.split(/\s&&\s/))
    .map((line) => line.split(/\s(?:\||>|>>|2>)\s/)[0] ?? '');
}

describe('code blocks in the README and docs/', () => {
  it('finds the documents and their blocks', () => {
    expect(all.length).toBeGreaterThan(10);
  });

  const shellBlocks = all.filter((block) => ['sh', 'bash', 'shell'].includes(block.lang));
  it.each(shellBlocks.map((block) => [`${block.doc}:${block.line}`, block]))(
    'shell block %s names only commands, flags and scripts that exist',
    (_, block) => {
      for (const line of commandLines(block.code)) {
        const cli = /^(?:npx )?compactkit (.*)$/.exec(line);
        if (cli) {
          const { path, unknown } = unknownFlags(cli[1] as string);
          expect(path, `${block.doc}:${block.line}: ${line}`).not.toBe('');
          expect(unknown, `${block.doc}:${block.line}: ${line}`).toEqual([]);
        }
        const script = /^npm run ([\w:-]+)/.exec(line);
        if (script) expect(scripts, `${block.doc}:${block.line}: ${line}`).toContain(script[1]);
      }
    },
  );

  const tsBlocks = all.filter((block) => block.lang === 'ts' || block.lang === 'typescript');
  it.each(tsBlocks.map((block) => [`${block.doc}:${block.line}`, block]))(
    'TypeScript block %s runs as written',
    async (name, block) => {
      // Its `compactkit` imports run against the shared build, under plain node (test/support/run-with-build.ts).
      const run = await runTypeScriptWithBuild(block.code, name as string);
      expect(run.stderr, `${name}`).toBe('');
      expect(run.code, `${name}`).toBe(0);
      // A `// prints:` line, then `// ` lines, show what the block must print.
      const marker = block.code.indexOf('// prints:');
      if (marker >= 0) {
        const shown = block.code
          .slice(marker)
          .split('\n')
          .slice(1)
          .filter((line) => line.startsWith('// '))
          .map((line) => line.slice(3));
        expect(run.stdout, `${name}`).toBe(`${shown.join('\n')}\n`);
      }
    },
    60_000,
  );
});
