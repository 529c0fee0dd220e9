import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompactkitError, ValidationError } from '../../errors.js';
import type { Compactor } from '../types.js';
import { builtInMethods, findMethod, instantiateMethod } from './built-in-methods.js';
import { isMethodDefinition } from './method-definition.js';
import { pickPluginExport } from './pick-plugin-export.js';
import { resolveMethodPackage } from './resolve-method-package.js';

/**
 * A compactor by the name of a built-in method or from a module: a path (`./my-method.ts`, `/abs/m.js`) or an
 * installed package name. The module's default export or its export named `compactor` must be a Compactor
 * (an object with `name`, `version` and `compact`) or a MethodDefinition (with `options` and `create`).
 * TypeScript files load through tsx, JavaScript through Node (tsx when Node refuses ESM syntax in a CommonJS
 * folder), so `.ts`, `.mts`, `.cts`, `.js`, `.mjs` and `.cjs` with ESM or CommonJS syntax load the same whether
 * or not their folder is a `"type": "module"` package (`pickPluginExport`). `options` (typed values or `--method-opt` text) go to the method.
 * @throws ValidationError naming the spec and what is missing or wrong; CompactkitError `io_error` when it
 * cannot load.
 */
export async function loadCompactor(
  spec: string,
  options: Readonly<Record<string, unknown>> = {},
): Promise<Compactor> {
  const builtIn = findMethod(spec);
  if (builtIn !== undefined) return instantiateMethod(builtIn, options);
  const isPath = spec.startsWith('.') || isAbsolute(spec) || /\.[cm]?[jt]s$/.test(spec);
  if (!isPath && !spec.includes('/') && !spec.startsWith('@') && packageTarget(spec) === undefined) {
    // A bare word that is neither a built-in nor an installed package is most likely a typo.
    const known = builtInMethods.map((method) => method.name).join(', ');
    throw new ValidationError([
      {
        where: `--method ${spec}`,
        message: `unknown method; built-in: ${known}, or give a path like ./my-method.ts or an installed package name`,
      },
    ]);
  }
  const module = await importModule(spec, isPath);
  const candidate = pickPluginExport(module);
  if (isMethodDefinition(candidate)) return instantiateMethod(candidate, options);
  const compactor = asCompactor(candidate, spec);
  if (Object.keys(options).length > 0) {
    throw new ValidationError([
      {
        where: `--method ${spec}`,
        message: `the method takes no options (export a MethodDefinition with \`options\` to accept ${Object.keys(options).join(', ')})`,
      },
    ]);
  }
  return compactor;
}

/**
 * A package is looked up from the working directory first, so `--method my-method` finds the package installed
 * in the user's project even when compactkit itself runs from elsewhere (npx, a global install).
 */
function packageTarget(spec: string): string | undefined {
  const file = resolveMethodPackage(spec, process.cwd());
  return file === undefined ? undefined : pathToFileURL(file).href;
}

async function importModule(spec: string, isPath: boolean): Promise<unknown> {
  // Not installed in the project: Node resolves it from compactkit's own location.
  const target = isPath ? pathToFileURL(resolve(spec)).href : (packageTarget(spec) ?? spec);
  try {
    if (/\.[cm]?ts$/.test(target)) return await importThroughTsx(target);
    try {
      // Node's own loader first, so a JavaScript plugin shares compactkit's module instances (its errors are
      // ours, `instanceof` holds); tsx keeps each import apart.
      return await import(target);
    } catch (error) {
      // ESM syntax in a `.js` file of a `"type": "commonjs"` folder: tsx compiles it, as users expect.
      if (!(error instanceof SyntaxError) || !target.startsWith('file:')) throw error;
      return await importThroughTsx(target);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CompactkitError('io_error', `cannot load method ${spec}: ${reason}`, { cause: error });
  }
}

async function importThroughTsx(target: string): Promise<unknown> {
  const { tsImport } = await import('tsx/esm/api');
  return await tsImport(target, import.meta.url);
}

function asCompactor(candidate: unknown, spec: string): Compactor {
  const problems: string[] = [];
  const value = candidate as Partial<Compactor> | undefined;
  if (value === null || typeof value !== 'object') {
    throw new ValidationError([
      { where: spec, message: 'export a compactor as the default export or as `compactor`' },
    ]);
  }
  if (typeof value.name !== 'string' || value.name === '') problems.push('`name` (a non-empty string)');
  if (typeof value.version !== 'string' || value.version === '')
    problems.push('`version` (a non-empty string)');
  if (typeof value.compact !== 'function') problems.push('`compact(input, context)` (a function)');
  if (problems.length > 0) {
    throw new ValidationError([
      { where: spec, message: `the exported compactor lacks ${problems.join(', ')}` },
    ]);
  }
  return value as Compactor;
}
