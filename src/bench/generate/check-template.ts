import { ValidationError, type ValidationIssue } from '../../errors.js';
import { checkVariableSpecs } from '../lexicon/draw-variables.js';
import type { Template } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';
import { checkFilledSize } from './check-filled-size.js';
import { checkTemplateBounds, type TemplateLocation } from './check-template-bounds.js';
import { difficultyValues } from './difficulty-values.js';
import { placeholderNames } from './fill-placeholders.js';
import { toCaseItems } from './to-case-items.js';

/**
 * Checks everything about a template that generation would otherwise find case by case, without generating:
 * variables (unknown generators, bad `like` or `choices`, duplicate names), every `{{placeholder}}` against the
 * variables and `{{difficulty.…}}` values it can have, text turns without text, item types and checks
 * (a cue naming the expected value, an empty value, duplicate keys), counts and sizes (`checkTemplateBounds`).
 * Loading a template runs it, so a bad template is refused with its file and path before any case runs.
 * @param source Names the template in issues, usually its file path; paths are the YAML's (`template.…`).
 * @throws ValidationError listing every problem.
 * @example
 * checkTemplate(parseTemplate(text, 'a.yaml'), 'a.yaml');
 * // a.yaml: template.transcript.turns[2].template: unknown placeholder {{acton}}; known: action, …
 */
export function checkTemplate(template: Template, source: string): void {
  const location: TemplateLocation = { where: source, path: 'template.' };
  const issues: ValidationIssue[] = [];
  collect(issues, () => checkVariableSpecs(template.variables, location));
  const known = knownPlaceholders(template);
  const checkText = (text: string, field: string): void => {
    const unknown = [...new Set(placeholderNames(text).filter((name) => !known.has(name)))];
    for (const name of unknown) {
      issues.push({
        where: `${source}: template.${field}`,
        message: `unknown placeholder {{${name}}}; known: ${[...known].sort().join(', ') || 'none'}`,
      });
    }
  };
  for (const [field, text] of fillableTexts(template)) checkText(text, field);
  template.transcript.turns.forEach((turn, index) => {
    const empty = turn.template === undefined || turn.template.trim() === '';
    if (
      turn.role === 'distractor_block' ||
      !empty ||
      (turn.role === 'assistant' && turn.toolCalls.length > 0)
    )
      return;
    issues.push({
      where: `${source}: template.transcript.turns[${index}].template`,
      message: `a ${turn.role} turn needs its text${turn.role === 'assistant' ? ' or tool_calls' : ''}`,
    });
  });
  // Items are built as generation builds them, with a stand-in for every value: the same checks, and a cue
  // that holds an expected value's placeholder gives it away whatever the value.
  const stand = (name: string): string => `zq${name.replace(/[^A-Za-z0-9]/g, 'x')}`;
  const fill = (text: string, field: string): string => {
    checkText(text, field.replace(/^template\./, ''));
    return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_match, name: string) => stand(name));
  };
  collect(issues, () => toCaseItems(template.evaluationItems, fill, source, 'template.'));
  issues.push(...checkTemplateBounds(template, location));
  issues.push(...checkFilledSize(template, [...fillableTexts(template), ...itemTexts(template)], location));
  if (issues.length > 0) throw new ValidationError(issues);
}

/** Variable names, and the `difficulty.…` names that have a value at every level the template declares. */
function knownPlaceholders(template: Template): Set<string> {
  const known = new Set(template.variables.map((variable) => variable.name));
  const levels = templateDifficulties(template).map((level) => difficultyValues(template, level));
  for (const name of levels[0]?.keys() ?? []) {
    if (levels.every((values) => values.has(name))) known.add(name);
  }
  return known;
}

/** Every string generation fills outside the evaluation items (those `toCaseItems` fills), with its path. */
function* fillableTexts(template: Template): Generator<[string, string]> {
  for (const [index, turn] of template.transcript.turns.entries()) {
    const at = `transcript.turns[${index}]`;
    if (turn.template !== undefined && turn.role !== 'distractor_block')
      yield [`${at}.template`, turn.template];
    for (const [callIndex, call] of turn.toolCalls.entries()) {
      yield* deepTexts(call.arguments, `${at}.tool_calls[${callIndex}].arguments`);
      yield [`${at}.tool_calls[${callIndex}].output`, call.output];
    }
  }
  const truth = template.groundTruth;
  const lists = {
    immutable_facts: truth.immutableFacts,
    locked_decisions: truth.lockedDecisions,
    forbidden_behaviors: truth.forbiddenBehaviors,
    unresolved_items: truth.unresolvedItems,
    deferred_items: truth.deferredItems,
  };
  for (const [name, entries] of Object.entries(lists)) {
    for (const [index, entry] of entries.entries()) yield [`ground_truth.${name}[${index}]`, entry];
  }
  for (const [name, role] of Object.entries(truth.entityMap)) {
    yield ['ground_truth.entity_map', name];
    yield [`ground_truth.entity_map.${name}`, role];
  }
  for (const [index, turn] of template.continuation.entries()) yield [`continuation[${index}]`, turn];
}

/** Every string of the evaluation items generation fills, with its path. */
function* itemTexts(template: Template): Generator<[string, string]> {
  for (const [index, item] of template.evaluationItems.entries()) {
    yield* deepTexts(
      {
        prompt: item.prompt,
        expected: item.expected,
        tempting_default: item.temptingDefault,
        cues: item.cues,
      },
      `evaluation_items[${index}]`,
    );
  }
}

function* deepTexts(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) yield* deepTexts(entry, `${at}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) yield* deepTexts(entry, `${at}.${key}`);
  }
}

function collect(issues: ValidationIssue[], check: () => unknown): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues);
  }
}
