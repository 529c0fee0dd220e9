import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { CompactkitError, ValidationError } from '../../errors.js';
import { issuesFromZod } from '../../validation/zod-issues.js';
import { loadTemplateFile } from '../template/load-template.js';
import { type LoadedTemplate, loadTemplateDirectory } from '../template/load-template-directory.js';
import { parseYamlText } from '../template/parse-yaml-text.js';
import type { Suite } from './suite.js';

/** The manifest file of a suite folder. */
export const SUITE_MANIFEST = 'suite.yaml';

const manifestSchema = z.strictObject({
  suite: z.strictObject({
    key: z.string().regex(/^[a-z][a-z0-9_-]*$/, { error: 'expected a lower-case key like elite' }),
    version: z.string().regex(/^\d+\.\d+\.\d+$/, { error: 'expected a version like 1.0.0' }),
    description: z.string().optional(),
  }),
});

/**
 * Loads a suite from a folder or a single template file. A folder: its `suite.yaml` manifest (`suite: {key,
 * version, description}`) and every template beside it and in its subfolders (CompactBench's own layout,
 * `public/<set>/*.yaml`, loads as one suite; a `suite.yaml` anywhere is a manifest, never a template). A file,
 * or a folder without a manifest, is a custom suite keyed `custom`, versioned by a hash of its templates'
 * relative paths and bytes, so changing a template never mixes its scores with the old ones and the same
 * files give the same version on every machine.
 * @throws ValidationError for a bad manifest or template (file, path, reason); CompactkitError `io_error`.
 */
export async function loadSuite(path: string): Promise<Suite> {
  if (await isFile(path)) {
    const { template, warnings } = await loadTemplateFile(path);
    const templates = [{ path, template, ...(warnings.length > 0 ? { warnings } : {}) }];
    return {
      key: 'custom',
      version: await customVersion(templates, dirname(path)),
      description: `Template ${path}`,
      directory: path,
      templates,
    };
  }
  const directory = path;
  const templates = await loadTemplateDirectory(directory, { exclude: [SUITE_MANIFEST], recursive: true });
  if (templates.length === 0) {
    throw new ValidationError([
      { where: directory, message: 'no template files (*.yaml) in this folder or its subfolders' },
    ]);
  }
  const manifestPath = join(directory, SUITE_MANIFEST);
  const manifestText = await readOptional(manifestPath);
  if (manifestText === undefined) {
    return {
      key: 'custom',
      version: await customVersion(templates, directory),
      description: `Templates in ${directory}`,
      directory,
      templates,
    };
  }
  const result = manifestSchema.safeParse(parseYamlText(manifestText, manifestPath), { reportInput: true });
  if (!result.success) throw new ValidationError(issuesFromZod(result.error.issues, [], manifestPath));
  const { key, version, description } = result.data.suite;
  return { key, version, description: description ?? '', directory, templates };
}

/**
 * `0.0.0-` and 12 hex digits of SHA-256 over each template's path relative to `root` (`/` between folders)
 * and its bytes, in load order. A flat folder hashes file names, as it always has.
 */
async function customVersion(templates: readonly LoadedTemplate[], root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const { path } of templates) {
    hash
      .update(relative(root, path).split(sep).join('/'))
      .update('\0')
      .update(await readFile(path));
  }
  return `0.0.0-${hash.digest('hex').slice(0, 12)}`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    throw new CompactkitError('io_error', `cannot read suite ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CompactkitError('io_error', `cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
