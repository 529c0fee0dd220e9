import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The `exports` conditions an imported plugin matches, as Node's ESM loader does. */
const IMPORT_CONDITIONS = new Set(['node', 'import', 'default']);

/**
 * The file an installed package name (`my-method`, `@scope/method`, `my-method/sub`) resolves to from
 * `fromDirectory`, or undefined when it is not installed there. `require.resolve` alone misses a package whose
 * `exports` offer only an `import` condition (ESM-only), so those are read from its package.json here.
 */
export function resolveMethodPackage(spec: string, fromDirectory: string): string | undefined {
  try {
    return createRequire(join(fromDirectory, 'package.json')).resolve(spec);
  } catch {
    // Not resolvable for require: try the package's import entry below.
  }
  const match = /^((?:@[^/]+\/)?[^/@][^/]*)(\/.*)?$/.exec(spec);
  if (match === null) return undefined;
  const [, name = '', rest] = match;
  const subpath = rest === undefined ? '.' : `.${rest}`;
  for (let directory = resolve(fromDirectory); ; directory = dirname(directory)) {
    const packageDirectory = join(directory, 'node_modules', name);
    const manifestPath = join(packageDirectory, 'package.json');
    if (existsSync(manifestPath)) return entryOf(packageDirectory, manifestPath, subpath);
    if (dirname(directory) === directory) return undefined;
  }
}

/** The file a package's `exports` (or `main`) gives for `subpath` under import conditions. */
function entryOf(packageDirectory: string, manifestPath: string, subpath: string): string | undefined {
  let manifest: { exports?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: unknown; main?: unknown };
  } catch {
    return undefined;
  }
  const { exports } = manifest;
  if (exports === undefined || exports === null) {
    if (subpath !== '.') return join(packageDirectory, subpath);
    return join(packageDirectory, typeof manifest.main === 'string' ? manifest.main : 'index.js');
  }
  const isSubpathMap =
    typeof exports === 'object' &&
    !Array.isArray(exports) &&
    Object.keys(exports).some((key) => key.startsWith('.'));
  const target = isSubpathMap
    ? (exports as Record<string, unknown>)[subpath]
    : subpath === '.'
      ? exports
      : undefined;
  const file = matchConditions(target);
  return file === undefined ? undefined : join(packageDirectory, file);
}

/** Follows a conditional target (string, array of fallbacks, or conditions in their written order). */
function matchConditions(target: unknown): string | undefined {
  if (typeof target === 'string') return target.startsWith('./') ? target : undefined;
  if (Array.isArray(target)) {
    for (const entry of target) {
      const file = matchConditions(entry);
      if (file !== undefined) return file;
    }
    return undefined;
  }
  if (target === null || typeof target !== 'object') return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (!IMPORT_CONDITIONS.has(condition)) continue;
    const file = matchConditions(value);
    if (file !== undefined) return file;
  }
  return undefined;
}
