import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { CompactkitError, ValidationError } from '../../errors.js';
import { issuesFromZod } from '../../validation/zod-issues.js';
import { loadTemplateDirectory } from '../template/load-template-directory.js';
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
 * Loads a suite folder: its `suite.yaml` manifest (`suite: {key, version, description}`) and every template
 * beside it. A folder without a manifest is a custom suite keyed `custom`, versioned by a hash of its
 * templates, so changing a template never mixes its scores with the old ones.
 * @throws ValidationError for a bad manifest or template (file, path, reason); CompactkitError `io_error`.
 */
export async function loadSuite(directory: string): Promise<Suite> {
  const templates = await loadTemplateDirectory(directory, { exclude: [SUITE_MANIFEST] });
  if (templates.length === 0) {
    throw new ValidationError([{ where: directory, message: 'no template files (*.yaml) in this folder' }]);
  }
  const manifestPath = join(directory, SUITE_MANIFEST);
  const manifestText = await readOptional(manifestPath);
  if (manifestText === undefined) {
    const hash = createHash('sha256');
    for (const { path } of templates)
      hash
        .update(basename(path))
        .update('\0')
        .update(await readFile(path));
    return {
      key: 'custom',
      version: `0.0.0-${hash.digest('hex').slice(0, 12)}`,
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
