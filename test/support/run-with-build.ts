import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { builtModulePath, type CliResult, writeScript } from './built-cli.js';

/*
 * Runs a user's TypeScript (a README or docs example) the way a user of the published package would: its
 * `compactkit` and `compactkit/<subpath>` imports point at the shared build (test/support/built-cli.ts), its
 * types are stripped by esbuild, and plain node runs it. `node --import tsx` would compile all of `src/`
 * again for every example.
 */

const root = new URL('../..', import.meta.url).pathname;

const exportsMap = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import?: string }>;
  }
).exports;

/** The built file behind a published import name (`compactkit/report`), or undefined for other packages. */
export function builtEntry(specifier: string): string | undefined {
  if (specifier !== 'compactkit' && !specifier.startsWith('compactkit/')) return undefined;
  const key = specifier === 'compactkit' ? '.' : `./${specifier.slice('compactkit/'.length)}`;
  const entry = exportsMap[key];
  const target = typeof entry === 'string' ? entry : entry?.import;
  if (target === undefined) throw new Error(`${specifier} is not an entry point of package.json`);
  return builtModulePath(target.replace(/^\.\/dist\//, '').replace(/\.js$/, ''));
}

/** Runs TypeScript source against the built package; `name` names its file (for stack traces). */
export function runTypeScriptWithBuild(source: string, name: string): Promise<CliResult> {
  const rewritten = source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*)(['"])(compactkit(?:\/[\w-]+)?)\2/g,
    (whole, before: string, quote: string, specifier: string) => {
      const file = builtEntry(specifier);
      return file === undefined ? whole : `${before}${quote}${file}${quote}`;
    },
  );
  const { code } = transformSync(rewritten, { loader: 'ts', format: 'esm', target: 'node20' });
  const file = writeScript(name.replace(/[^\w]+/g, '-'), code);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
  });
}
