import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const exportsMap = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string; import: string }>;
  }
).exports;

/** Each entry point of package.json with the source file its build comes from. */
const entries = Object.entries(exportsMap)
  .filter((entry): entry is [string, { types: string; import: string }] => typeof entry[1] !== 'string')
  .map(([name, target]) => ({
    name: name === '.' ? 'compactkit' : `compactkit/${name.slice(2)}`,
    target,
    source: join(root, target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
  }));

describe('public API', () => {
  it('every entry point is built from a source file, types beside the code', () => {
    expect(entries.map((entry) => entry.name)).toContain('compactkit/test');
    for (const entry of entries) {
      expect(existsSync(entry.source), entry.source).toBe(true);
      expect(entry.target.types).toBe(entry.target.import.replace(/\.js$/, '.d.ts'));
    }
  });

  it.each(entries.map((entry) => [entry.name, entry]))(
    '%s exports exactly the snapshotted names',
    async (name, entry) => {
      const module = (await import(entry.source)) as Record<string, unknown>;
      const names = Object.keys(module).sort();
      expect(names.length).toBeGreaterThan(0);
      // A change to the public API must show up here as a diff: update with `npx vitest run -u` and review it.
      expect(names).toMatchSnapshot(name as string);
    },
  );

  it('the root stays a short list', async () => {
    const rootModule = (await import(join(root, 'src/index.ts'))) as Record<string, unknown>;
    expect(Object.keys(rootModule).length).toBeLessThan(150);
  });
});
