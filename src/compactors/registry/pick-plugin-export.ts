import { isMethodDefinition } from './method-definition.js';

/**
 * The value a plugin module exports as its method: the default export or the export named `compactor`,
 * whichever is a compactor or a MethodDefinition (the default first). A CommonJS module imported from ESM
 * arrives as `{ default: module.exports }`, so `export default x` compiled to CommonJS (a `.ts` or `.cts` file
 * outside a `"type": "module"` package) is `{ default: { default: x } }` and `exports.compactor = x` is
 * `{ default: { compactor: x } }`: those are looked into too. When nothing fits, the value the author most
 * likely meant is returned, so the error can say what it lacks.
 */
export function pickPluginExport(namespace: unknown): unknown {
  const outer = field(namespace, 'default');
  const named = field(namespace, 'compactor');
  const candidates = [outer, named, field(outer, 'default'), field(outer, 'compactor')];
  const fit = candidates.find((candidate) => isMethodDefinition(candidate) || looksLikeCompactor(candidate));
  if (fit !== undefined) return fit;
  return field(outer, 'default') ?? field(outer, 'compactor') ?? named ?? outer;
}

/** True for an object with a `compact` function; `asCompactor` checks the rest and names what is missing. */
function looksLikeCompactor(value: unknown): boolean {
  return typeof field(value, 'compact') === 'function';
}

/** A field of an object (own or inherited, so a class instance's `compact` counts), else undefined. */
function field(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  return (value as Record<string, unknown>)[key];
}
