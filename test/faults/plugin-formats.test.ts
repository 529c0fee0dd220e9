import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtModulePath, runBuiltCli } from '../support/built-cli.js';

/*
 * A plugin loads the same whatever kind of folder it sits in. Node decides per folder whether `.js` (and tsx
 * whether `.ts`) is an ES module or CommonJS, and a CommonJS module imported from ESM shows up as
 * `{ default: module.exports }`: the README's `export default {…}` in a `.ts` file became
 * `{ default: { default: compactor } }` outside a `"type": "module"` package. Each case runs under plain node
 * with the built library, as the CLI runs, never inside vitest's own module loader.
 */

type FolderKind = 'module' | 'commonjs' | 'no-package-json';

const compactorBody = (id: string): string =>
  `{ name: 'plugin-${id}', version: '1.0.0', async compact() { return { summaryText: 'ran ${id}' }; } }`;

const definitionBody = (id: string): string =>
  `{ name: 'plugin-${id}', version: '1.0.0', description: 'test plugin', needsModel: false, deterministic: true,
  options: { word: { type: 'string', default: 'unset', description: 'echoed back' } },
  create(options) { return { async compact() { return { summaryText: 'ran ${id} with ' + options.word }; } }; } }`;

/** The plugin files of one folder: name → source. TypeScript files carry a type annotation so tsx must compile them. */
function pluginFiles(kind: FolderKind): Record<string, string> {
  const files: Record<string, string> = {};
  for (const extension of ['ts', 'mts', 'cts']) {
    const typed = `const label: string = 'typed';\nvoid label;\n`;
    files[`default.${extension}`] = `${typed}export default ${compactorBody(`default-${extension}`)};\n`;
    files[`named.${extension}`] =
      `${typed}export const compactor = ${compactorBody(`named-${extension}`)};\n`;
    files[`definition.${extension}`] =
      `${typed}export default ${definitionBody(`definition-${extension}`)};\n`;
  }
  for (const extension of ['js', 'mjs']) {
    files[`default.${extension}`] = `export default ${compactorBody(`default-${extension}`)};\n`;
    files[`named.${extension}`] = `export const compactor = ${compactorBody(`named-${extension}`)};\n`;
    files[`definition.${extension}`] = `export default ${definitionBody(`definition-${extension}`)};\n`;
  }
  files['exports.cjs'] = `module.exports = ${compactorBody('exports-cjs')};\n`;
  files['named-exports.cjs'] = `exports.compactor = ${compactorBody('named-exports-cjs')};\n`;
  files['definition-exports.cjs'] = `module.exports = ${definitionBody('definition-exports-cjs')};\n`;
  if (kind !== 'module') {
    // CommonJS syntax in `.js` is only valid where `.js` is CommonJS.
    files['exports.js'] = `module.exports = ${compactorBody('exports-js')};\n`;
    files['named-exports.js'] = `exports.compactor = ${compactorBody('named-exports-js')};\n`;
  }
  return files;
}

/** Installed packages: CommonJS with `main`, ESM-only behind `exports`, and a scoped ESM one with a named export. */
const packages: Record<string, Record<string, string>> = {
  'cjs-method': {
    'package.json': JSON.stringify({ name: 'cjs-method', version: '1.0.0', main: 'lib/index.js' }),
    'lib/index.js': `module.exports = ${compactorBody('package-cjs')};\n`,
  },
  'esm-only-method': {
    'package.json': JSON.stringify({
      name: 'esm-only-method',
      version: '1.0.0',
      type: 'module',
      exports: { '.': { import: './index.js' } },
    }),
    'index.js': `export default ${compactorBody('package-esm-only')};\n`,
  },
  '@scope/named-method': {
    'package.json': JSON.stringify({
      name: '@scope/named-method',
      version: '1.0.0',
      type: 'module',
      main: 'main.js',
    }),
    'main.js': `export const compactor = ${compactorBody('package-scoped-named')};\n`,
  },
};

function writeTree(base: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
}

function makeFolder(kind: FolderKind): string {
  const folder = mkdtempSync(join(tmpdir(), `compactkit-plugins-${kind}-`));
  if (kind === 'module') writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  if (kind === 'commonjs') writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  writeTree(folder, pluginFiles(kind));
  for (const [name, files] of Object.entries(packages)) writeTree(join(folder, 'node_modules', name), files);
  return folder;
}

/** Loads every spec with the built `loadCompactor` in one plain-node child process run in `folder`. */
function loadAll(folder: string, specs: readonly string[]): Record<string, string> {
  const script = `
    const { loadCompactor } = await import(${JSON.stringify(builtModulePath('compactors/registry/load-compactor'))});
    const results = {};
    for (const spec of ${JSON.stringify(specs)}) {
      try {
        const isDefinition = spec.includes('definition');
        const method = await loadCompactor(spec, isDefinition ? { word: 'given' } : {});
        const artifact = await method.compact({ transcript: [] }, {});
        results[spec] = method.name + ': ' + artifact.summaryText;
      } catch (error) {
        results[spec] = 'error: ' + error.message;
      }
    }
    process.stdout.write(JSON.stringify(results));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output) as Record<string, string>;
}

/** What a loaded plugin reports: its name and the summary its `compact` wrote. */
function expected(spec: string): string {
  const id = spec
    .replace(/^\.\//, '')
    .replace(/\.(?=[a-z]+$)/, '-')
    .replace(/^cjs-method$/, 'package-cjs')
    .replace(/^esm-only-method$/, 'package-esm-only')
    .replace(/^@scope\/named-method$/, 'package-scoped-named');
  return `plugin-${id}: ran ${id}${spec.includes('definition') ? ' with given' : ''}`;
}

describe('plugins load the same in ESM and CommonJS folders', () => {
  for (const kind of ['module', 'commonjs', 'no-package-json'] as const) {
    it(`loads .ts, .mts, .cts, .js, .mjs and .cjs plugins and packages in a folder with ${kind}`, () => {
      const folder = makeFolder(kind);
      const specs = [
        ...Object.keys(pluginFiles(kind)).map((file) => `./${file}`),
        'cjs-method',
        'esm-only-method',
        '@scope/named-method',
      ];
      const results = loadAll(folder, specs);
      expect(results).toEqual(Object.fromEntries(specs.map((spec) => [spec, expected(spec)])));
    }, 60_000);
  }

  it('gives a JavaScript plugin the same compactkit modules as the host, so its errors are compactkit errors', () => {
    const errorsModule = JSON.stringify(builtModulePath('errors'));
    const plugin = `import { ValidationError } from ${errorsModule};
export default { name: 'strict', version: '1.0.0', async compact() { throw new ValidationError([{ where: 'x', message: 'bad' }]); } };\n`;
    const results: Record<string, string> = {};
    for (const kind of ['module', 'no-package-json'] as const) {
      const folder = makeFolder(kind);
      for (const file of ['strict.mjs', 'strict.js']) writeFileSync(join(folder, file), plugin);
      const script = `
        const { ValidationError } = await import(${errorsModule});
        const { loadCompactor } = await import(${JSON.stringify(builtModulePath('compactors/registry/load-compactor'))});
        const results = {};
        for (const spec of ['./strict.mjs', './strict.js']) {
          const method = await loadCompactor(spec);
          results[spec] = await method.compact({ transcript: [] }, {}).then(() => 'no error', (error) => String(error instanceof ValidationError));
        }
        process.stdout.write(JSON.stringify(results));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: folder,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const [spec, value] of Object.entries(JSON.parse(output) as Record<string, string>)) {
        results[`${kind} ${spec}`] = value;
      }
    }
    expect(results).toEqual({
      'module ./strict.mjs': 'true',
      'module ./strict.js': 'true',
      'no-package-json ./strict.mjs': 'true',
      'no-package-json ./strict.js': 'true',
    });
  }, 60_000);

  it('runs the README plugin (`export default` in a .ts file) from the CLI outside an ESM package', () => {
    const folder = makeFolder('no-package-json');
    writeFileSync(join(folder, 'session.json'), JSON.stringify([{ role: 'user', content: 'hello' }]));
    const result = runBuiltCli(['compact', 'session.json', '--method', './default.ts'], { cwd: folder });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^method: plugin-default-ts$/m);
  }, 60_000);

  it('still says what an export lacks, naming the file', () => {
    const folder = makeFolder('no-package-json');
    writeFileSync(join(folder, 'partial.ts'), "export default { name: 'partial' };\n");
    writeFileSync(join(folder, 'nothing.cjs'), 'module.exports = 42;\n');
    expect(loadAll(folder, ['./partial.ts', './nothing.cjs'])).toEqual({
      './partial.ts':
        'error: ./partial.ts: the exported compactor lacks `version` (a non-empty string), `compact(input, context)` (a function)',
      './nothing.cjs': 'error: ./nothing.cjs: export a compactor as the default export or as `compactor`',
    });
  }, 60_000);
});
