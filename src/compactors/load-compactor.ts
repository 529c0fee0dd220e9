import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompactkitError, ValidationError } from '../errors.js';
import { builtInCompactors, findCompactor } from './built-in-compactors.js';
import type { Compactor } from './types.js';

/**
 * A compactor by the name of a built-in method or from a module: a path (`./my-method.ts`, `/abs/m.js`) or an
 * installed package name. The module's default export or its export named `compactor` must be a Compactor
 * (an object with `name`, `version` and `compact`). TypeScript files are loaded through tsx.
 * @throws ValidationError naming the spec and what is missing; CompactkitError `io_error` when it cannot load.
 */
export async function loadCompactor(spec: string): Promise<Compactor> {
  const builtIn = findCompactor(spec);
  if (builtIn !== undefined) return builtIn;
  const isPath = spec.startsWith('.') || isAbsolute(spec) || /\.[cm]?[jt]s$/.test(spec);
  if (!isPath && !spec.includes('/') && !spec.startsWith('@')) {
    // A bare word that is not a built-in is more likely a typo than a package.
    const known = builtInCompactors.map((compactor) => compactor.name).join(', ');
    throw new ValidationError([
      {
        where: `--method ${spec}`,
        message: `unknown method; built-in: ${known}, or give a path like ./my-method.ts`,
      },
    ]);
  }
  const module = await importModule(spec, isPath);
  const candidate =
    (module as { default?: unknown }).default ?? (module as { compactor?: unknown }).compactor;
  return asCompactor(candidate, spec);
}

async function importModule(spec: string, isPath: boolean): Promise<unknown> {
  const target = isPath ? pathToFileURL(resolve(spec)).href : spec;
  try {
    if (/\.[cm]?ts$/.test(spec)) {
      const { tsImport } = await import('tsx/esm/api');
      return await tsImport(target, import.meta.url);
    }
    return await import(target);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CompactkitError('io_error', `cannot load method ${spec}: ${reason}`, { cause: error });
  }
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
