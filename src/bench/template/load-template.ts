import { readFile, stat } from 'node:fs/promises';
import { CompactkitError, ValidationError } from '../../errors.js';
import { checkTemplate } from '../generate/check-template.js';
import { parseTemplate } from './parse-template.js';
import type { Template } from './template.js';
import { TEMPLATE_LIMITS } from './template-limits.js';

/**
 * Reads and validates one template-v1 YAML file: its structure (`parseTemplate`) and everything generation
 * needs (`checkTemplate`: generators, placeholders, items, counts and sizes), so a template that loads
 * generates at every level it declares. Issues name the file by `path` as given.
 * @throws ValidationError listing every problem, or naming a file over `TEMPLATE_LIMITS.fileBytes`;
 * CompactkitError `io_error` when the file cannot be read.
 */
export async function loadTemplate(path: string): Promise<Template> {
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > TEMPLATE_LIMITS.fileBytes) {
      throw new ValidationError([
        {
          where: path,
          message: `the file is ${size.toLocaleString('en-US')} bytes, over the limit of ${TEMPLATE_LIMITS.fileBytes.toLocaleString('en-US')} for a template`,
        },
      ]);
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read template ${path}: ${reason}`, { cause: error });
  }
  const template = parseTemplate(text, path);
  checkTemplate(template, path);
  return template;
}
