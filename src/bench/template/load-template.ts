import { readFile } from 'node:fs/promises';
import { CompactkitError } from '../../errors.js';
import { parseTemplate } from './parse-template.js';
import type { Template } from './template.js';

/**
 * Reads and validates one template-v1 YAML file; issues name the file by `path` as given.
 * @throws ValidationError listing every problem (see `parseTemplate`); CompactkitError `io_error` when the
 * file cannot be read.
 */
export async function loadTemplate(path: string): Promise<Template> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read template ${path}: ${reason}`, { cause: error });
  }
  return parseTemplate(text, path);
}
