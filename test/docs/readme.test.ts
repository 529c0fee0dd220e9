import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** README.md and every Markdown file under docs/. */
function documents(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

describe('README', () => {
  it('gives exactly two commands on its first screen, and CI runs the same test command', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme);
    expect(firstBlock).not.toBeNull();
    // The first screen: the block starts within the first 40 lines.
    expect(readme.slice(0, firstBlock?.index).split('\n').length).toBeLessThan(40);
    const commands = (firstBlock?.[1] ?? '').split('\n').filter((line) => line.trim() !== '');
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/^npm ci && npx compactkit bench run\b/);
    expect(commands[1]).toMatch(/^npm test\b/);
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm test( |$)/m);
  });

  it.each(documents().map((file) => [relative(root, file), file]))(
    'every relative link of %s names a file of the repository',
    (_name, file) => {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1] as string)
        .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
        .map((target) => target.replace(/#.*$/, ''));
      for (const target of targets) {
        const resolved = join(dirname(file), target);
        expect(relative(root, resolved).startsWith('..'), `${target} leaves the repository`).toBe(false);
        expect(existsSync(resolved), `${relative(root, file)} links ${target}, which does not exist`).toBe(
          true,
        );
      }
    },
  );
});
