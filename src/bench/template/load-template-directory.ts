import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CompactkitError, ValidationError, type ValidationIssue } from '../../errors.js';
import { loadTemplateFile } from './load-template.js';
import type { Template } from './template.js';

/** A template and the file it came from. */
export interface LoadedTemplate {
  /** The file, as `join(directory, relative path)`. */
  path: string;
  template: Template;
  /** What reading the file found without refusing it, e.g. invalid UTF-8 at a byte offset. */
  warnings?: ValidationIssue[];
}

const TEMPLATE_FILE = /\.ya?ml$/i;

/** Folders a recursive load never enters: hidden ones (`.git`) and installed packages. */
function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/**
 * Loads every `*.yaml` and `*.yml` file in `directory`, sorted by relative path with `/` between folders (by
 * code unit, so the order is the same on every machine). With `recursive`, files in subfolders too, at any
 * depth (CompactBench's `public/<set>/*.yaml`), skipping hidden folders and `node_modules` and not following
 * links to folders. Every file is checked (`loadTemplate`) before anything is returned, and two files with
 * the same `template.key` are an error: a key names one template in a suite.
 * @throws ValidationError listing the problems of all files; CompactkitError `io_error` when the directory or
 * a file cannot be read.
 * @param options.exclude File names to skip in every folder, e.g. a suite's `suite.yaml` manifest.
 */
export async function loadTemplateDirectory(
  directory: string,
  options: { exclude?: readonly string[]; recursive?: boolean } = {},
): Promise<LoadedTemplate[]> {
  const excluded = new Set(options.exclude ?? []);
  const files = (await listTemplateFiles(directory, '', excluded, options.recursive === true)).sort(
    byCodeUnit,
  );
  const loaded: LoadedTemplate[] = [];
  const issues: ValidationIssue[] = [];
  for (const relative of files) {
    const path = join(directory, relative);
    try {
      const { template, warnings } = await loadTemplateFile(path);
      loaded.push({ path, template, ...(warnings.length > 0 ? { warnings } : {}) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
  }
  issues.push(...duplicateKeyIssues(loaded));
  if (issues.length > 0) throw new ValidationError(issues);
  return loaded;
}

/** Relative paths (`/`-separated) of the template files under `root/prefix`. */
async function listTemplateFiles(
  root: string,
  prefix: string,
  excluded: ReadonlySet<string>,
  recursive: boolean,
): Promise<string[]> {
  const folder = prefix === '' ? root : join(root, prefix);
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read template directory ${folder}: ${reason}`, {
      cause: error,
    });
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (recursive && !isSkippedFolder(entry.name)) {
        files.push(...(await listTemplateFiles(root, relative, excluded, recursive)));
      }
      continue;
    }
    if (!TEMPLATE_FILE.test(entry.name) || excluded.has(entry.name)) continue;
    // A link counts when it points at a file; a link to a folder could loop, so it is never followed.
    if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(join(root, relative))))) {
      files.push(relative);
    }
  }
  return files;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    // A dangling link is not a template; reading it would only fail.
    return false;
  }
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
