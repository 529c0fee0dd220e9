import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCompactor } from '../../src/compactors/registry/load-compactor.js';
import { builtModulePath } from '../support/built-cli.js';

const root = new URL('../..', import.meta.url).pathname;

describe('loadCompactor', () => {
  it('loads a plugin that exports a MethodDefinition and gives it its options, typed', async () => {
    const plugin = join(root, 'test/compactors/fixtures/window-method.ts');
    const compactor = await loadCompactor(plugin, { window: '1' });
    expect(compactor).toMatchObject({ name: 'last-user-messages', version: '0.1.0', config: { window: 1 } });
    const artifact = await compactor.compact(
      {
        transcript: [
          { role: 'user', content: 'first' },
          { role: 'user', content: 'second' },
        ],
      },
      {},
    );
    expect(artifact.summaryText).toBe('second');
    await expect(loadCompactor(plugin, { size: 3 })).rejects.toThrow(
      /option size: unknown option; it takes window/,
    );
  });

  it('finds a method package installed in the project it is run from', async () => {
    const project = mkdtempSync(join(tmpdir(), 'compactkit-plugin-project-'));
    const packageDir = join(project, 'node_modules', 'keep-nothing-method');
    mkdirSync(packageDir, { recursive: true });
    writeFileSync(
      join(packageDir, 'package.json'),
      JSON.stringify({ name: 'keep-nothing-method', version: '1.0.0', type: 'module', main: 'index.js' }),
    );
    writeFileSync(
      join(packageDir, 'index.js'),
      "export const compactor = { name: 'keep-nothing', version: '1.0.0', async compact() { return { summaryText: 'from the package' }; } };\n",
    );
    // A child process under plain node, so the project can be its working directory.
    const script =
      `const { loadCompactor } = await import(${JSON.stringify(builtModulePath('compactors/registry/load-compactor'))});` +
      "const method = await loadCompactor('keep-nothing-method');" +
      'console.log(method.name, (await method.compact({ transcript: [] }, {})).summaryText);';
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: project },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      );
    });
    expect(output).toBe('keep-nothing from the package\n');
  });

  it('says what a module lacks, and that a bare unknown word is not a method', async () => {
    await expect(loadCompactor('nosuchmethod')).rejects.toThrow(/unknown method; built-in: null, oracle/);
    await expect(loadCompactor('@scope/not-installed')).rejects.toThrow(
      /cannot load method @scope\/not-installed/,
    );
  });
});
