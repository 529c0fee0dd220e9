import { readFile, stat } from 'node:fs/promises';
import { CompactkitError, ValidationError, type ValidationIssue } from '../../errors.js';
import { decodeUtf8 } from '../../validation/decode-utf8.js';
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
  return (await loadTemplateFile(path)).template;
}

/**
 * `loadTemplate`, and what reading the file found without refusing it: bytes that are not UTF-8 (read as
 * U+FFFD), named by file and byte offset. Suites load templates this way and the CLI prints the warnings.
 */
export async function loadTemplateFile(
  path: string,
): Promise<{ template: Template; warnings: ValidationIssue[] }> {
  let text: string;
  const warnings: ValidationIssue[] = [];
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
    const decoded = decodeUtf8(await readFile(path), path);
    text = decoded.text;
    if (decoded.warning !== undefined) warnings.push(decoded.warning);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read template ${path}: ${reason}`, { cause: error });
  }
  const template = parseTemplate(text, path);
  checkTemplate(template, path);
  return { template, warnings };
}
