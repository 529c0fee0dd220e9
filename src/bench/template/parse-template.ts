import { ValidationError } from '../../errors.js';
import { splitUnknownKeys } from '../../validation/split-unknown-keys.js';
import { issuesFromZod } from '../../validation/zod-issues.js';
import { parseYamlText } from './parse-yaml-text.js';
import type { Template } from './template.js';
import { templateDocumentSchema } from './template-document-schema.js';
import { toTemplate } from './to-template.js';

/**
 * Reads a CompactBench template-v1 YAML text into a `Template`. Template strings are data: `{{…}}`
 * placeholders, `<|endoftext|>` and markup are kept as written. Checks structure only, exactly as strictly as
 * template-v1.schema.json; `checkTemplate` checks the meaning (generators, placeholders, items, sizes), and
 * `loadTemplate` runs both.
 * @param source Names the text in issues, usually its file path.
 * @throws ValidationError listing every problem: YAML syntax as `bad.yaml:3:7: invalid YAML: reason`, the
 * schema as `bad.yaml: template.evaluation_items[2].key: expected …`.
 * @example
 * const template = parseTemplate(await readFile('buried.yaml', 'utf8'), 'buried.yaml');
 */
export function parseTemplate(text: string, source = '<template>'): Template {
  const data = parseYamlText(text, source);
  const result = templateDocumentSchema.safeParse(data, { reportInput: true });
  if (!result.success) {
    throw new ValidationError(issuesFromZod(splitUnknownKeys(result.error.issues), [], source));
  }
  return toTemplate(result.data);
}
