import type { ValidationIssue } from '../../errors.js';
import type { Template } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';
import { GENERATED_VALUE_CHARACTERS, TEMPLATE_LIMITS } from '../template/template-limits.js';
import type { TemplateLocation } from './check-template-bounds.js';
import { difficultyValues } from './difficulty-values.js';

/**
 * Checks how large the template's own text grows once its placeholders are filled, without filling them: each
 * `{{name}}` counts as the longest value it can take (its longest choice, `GENERATED_VALUE_CHARACTERS` for a
 * generator, its longest value over the levels for `{{difficulty.…}}`). A 1 MiB file can otherwise paste a long
 * choice a hundred thousand times and exhaust memory at generation. Filler is bounded by `checkTemplateBounds`.
 * @param texts Every text generation fills, with its path (`transcript.turns[1].template`).
 * @returns One issue at the largest text when the total is over `TEMPLATE_LIMITS.filledCharacters`.
 */
export function checkFilledSize(
  template: Template,
  texts: Iterable<readonly [string, string]>,
  location: TemplateLocation,
): ValidationIssue[] {
  const longest = longestValues(template);
  let total = 0;
  let largest = { field: '', size: -1 };
  for (const [field, text] of texts) {
    let size = text.length;
    for (const match of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
      size += (longest.get(match[1] as string) ?? 0) - match[0].length;
    }
    total += size;
    if (size > largest.size) largest = { field, size };
  }
  if (total <= TEMPLATE_LIMITS.filledCharacters) return [];
  const format = (value: number) => value.toLocaleString('en-US');
  return [
    {
      where: `${location.where}: ${location.path}${largest.field}`,
      message: `filled with the longest value of each placeholder this text is about ${format(largest.size)} characters, and the template's text about ${format(total)} in all, over the limit of ${format(TEMPLATE_LIMITS.filledCharacters)}; use shorter values or fewer placeholders`,
    },
  ];
}

/** The longest value each placeholder name can fill to. */
function longestValues(template: Template): Map<string, number> {
  const longest = new Map<string, number>();
  const keep = (name: string, length: number) => longest.set(name, Math.max(longest.get(name) ?? 0, length));
  for (const variable of template.variables) {
    const choices = variable.choices ?? [];
    keep(
      variable.name,
      choices.length > 0
        ? choices.reduce((most, choice) => Math.max(most, choice.length), 0)
        : GENERATED_VALUE_CHARACTERS,
    );
  }
  for (const level of templateDifficulties(template)) {
    for (const [name, value] of difficultyValues(template, level)) keep(name, value.length);
  }
  return longest;
}
