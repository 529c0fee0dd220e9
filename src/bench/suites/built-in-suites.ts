import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSuite } from './load-suite.js';
import type { Suite } from './suite.js';

/** The folder of the suites compactkit ships (`suites/` at the package root, from src/ and dist/ alike). */
export function builtInSuitesDirectory(): string {
  return fileURLToPath(new URL('../../../suites/', import.meta.url));
}

/** Names of the shipped suites, sorted. */
export async function builtInSuiteNames(): Promise<string[]> {
  const root = builtInSuitesDirectory();
  const names = await readdir(root);
  const folders: string[] = [];
  for (const name of names.sort()) if ((await stat(join(root, name))).isDirectory()) folders.push(name);
  return folders;
}

/**
 * Loads a suite by the name of a shipped one (`elite`, `starter`), or else by the path of a folder of
 * templates (searched recursively) or of one template file (see `loadSuite`).
 */
export async function resolveSuite(nameOrPath: string): Promise<Suite> {
  const names = await builtInSuiteNames();
  if (names.includes(nameOrPath)) return loadSuite(join(builtInSuitesDirectory(), nameOrPath));
  return loadSuite(nameOrPath);
}
