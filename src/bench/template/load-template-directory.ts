import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CompactkitError, ValidationError, type ValidationIssue } from '../../errors.js';
import { loadTemplate } from './load-template.js';
import type { Template } from './template.js';

/** A template and the file it came from. */
export interface LoadedTemplate {
  /** The file, as `join(directory, name)`. */
  path: string;
  template: Template;
}

const TEMPLATE_FILE = /\.ya?ml$/i;

/**
 * Loads every `*.yaml` and `*.yml` file directly in `directory` (not in subfolders), sorted by file name
 * (by code unit, so the order is the same on every machine). Every file is checked before anything is
 * returned, and two files with the same `template.key` are an error: a key names one template in a suite.
 * @throws ValidationError listing the problems of all files; CompactkitError `io_error` when the directory or
 * a file cannot be read.
 * @param options.exclude File names to skip, e.g. a suite's `suite.yaml` manifest.
 */
export async function loadTemplateDirectory(
  directory: string,
  options: { exclude?: readonly string[] } = {},
): Promise<LoadedTemplate[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read template directory ${directory}: ${reason}`, {
      cause: error,
    });
  }
  const excluded = new Set(options.exclude ?? []);
  const files = names.filter((name) => TEMPLATE_FILE.test(name) && !excluded.has(name)).sort(byCodeUnit);
  const loaded: LoadedTemplate[] = [];
  const issues: ValidationIssue[] = [];
  for (const name of files) {
    const path = join(directory, name);
    try {
      loaded.push({ path, template: await loadTemplate(path) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
  }
  issues.push(...duplicateKeyIssues(loaded));
  if (issues.length > 0) throw new ValidationError(issues);
  return loaded;
}

function duplicateKeyIssues(loaded: readonly LoadedTemplate[]): ValidationIssue[] {
  const firstPath = new Map<string, string>();
  const issues: ValidationIssue[] = [];
  for (const { path, template } of loaded) {
    const first = firstPath.get(template.key);
    if (first === undefined) {
      firstPath.set(template.key, path);
      continue;
    }
    issues.push({
      where: `${path}: template.key`,
      message: `duplicate template key "${template.key}", already used by ${first}; give each template its own key`,
    });
  }
  return issues;
}

function byCodeUnit(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}
