import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

describe('README', () => {
  it('the "use it from code" example runs as written', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Use it from code'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toBeDefined();
    // The example imports the published name; run it against the source instead.
    const dir = mkdtempSync(join(root, 'test', '.readme-'));
    try {
      const file = join(dir, 'example.ts');
      const source = (code as string).replace("from 'compactkit'", `from '${join(root, 'src/index.js')}'`);
      writeFileSync(file, `${source}\nconsole.log('EXAMPLE-OK', prepared.messages.length);\n`);
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/EXAMPLE-OK 1\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the "benchmark from code" example runs as written and prints a score', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Benchmark from code'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toBeDefined();
    const dir = mkdtempSync(join(root, 'test', '.readme-'));
    try {
      const file = join(dir, 'bench-example.ts');
      writeFileSync(
        file,
        (code as string).replace("from 'compactkit'", `from '${join(root, 'src/index.js')}'`),
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      // The elite score, then the floors it fails: user messages alone lose what only tool outputs said.
      expect(run.stdout).toMatch(/^0\.\d+ \[/);
      expect(run.stdout).toMatch(/family (error_recall|tool_output_burial) pass rate 0\.\d+ is below 0\.40/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the "use a method inside the engine" example runs and prints what the README shows', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Use a method inside the engine'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] as string;
    expect(code).toBeDefined();
    // The README shows the output as comments after the last console.log.
    const shown = code
      .slice(code.lastIndexOf('console.log'))
      .split('\n')
      .filter((line) => line.startsWith('// '))
      .map((line) => line.slice(3));
    expect(shown.length).toBeGreaterThan(2);
    const dir = mkdtempSync(join(root, 'test', '.readme-'));
    try {
      const file = join(dir, 'engine-example.ts');
      writeFileSync(file, code.replace("from 'compactkit'", `from '${join(root, 'src/index.js')}'`));
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(`${shown.join('\n')}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives exactly two commands on its first screen, and CI runs the same test command', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = firstBlock.split('\n').filter((line) => line.trim() !== '');
    expect(commands).toHaveLength(2);
    expect(commands[1]).toMatch(/^npm test\b/);
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm test( |$)/m);
  });
});
