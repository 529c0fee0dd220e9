import { ValidationError, type ValidationIssue } from '../../errors.js';
import { type CaseItem, CHECK_KINDS, type Check, ITEM_WEIGHTS, type ItemType } from '../case/types.js';
import { containsNormalized } from '../scoring/normalize.js';
import type { EvaluationItem } from '../template/template.js';

type Fill = (text: string, where: string) => string;

/**
 * Turns a template's evaluation items into case items: placeholders filled, types and checks validated.
 * @param where Names the template in issues; `path` goes before `evaluation_items[…]` (`template.` in a file).
 */
export function toCaseItems(
  items: readonly EvaluationItem[],
  fill: Fill,
  where: string,
  path = '',
): CaseItem[] {
  const issues: ValidationIssue[] = [];
  const result: CaseItem[] = [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const first = firstIndex.get(item.key);
    if (first !== undefined) {
      // A verdict is stored per item key: a second item with the key would collide with the first.
      issues.push({
        where: `${where}: ${path}evaluation_items[${index}].key`,
        message: `"${item.key}" already names evaluation_items[${first}]; give each item its own key`,
      });
      return;
    }
    firstIndex.set(item.key, index);
    try {
      result.push(toCaseItem(item, fill, where, `${path}evaluation_items[${index}]`));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return result;
}

function toCaseItem(item: EvaluationItem, fill: Fill, template: string, where: string): CaseItem {
  const fail = (path: string, message: string): never => {
    throw new ValidationError([{ where: `${template}: ${path}`, message }]);
  };
  if (!Object.hasOwn(ITEM_WEIGHTS, item.type)) {
    fail(`${where}.type`, `unknown item type "${item.type}"; known: ${Object.keys(ITEM_WEIGHTS).join(', ')}`);
  }
  const check = toCheck(item.expected, fill, `${where}.expected`, fail);
  const cues = item.cues.map((cue, index) => fill(cue, `${where}.cues[${index}]`));
  for (const [index, cue] of cues.entries()) {
    const leaked = checkValues(check).find((value) => containsNormalized(cue, value));
    if (leaked !== undefined) {
      fail(
        `${where}.cues[${index}]`,
        `cue "${cue}" contains the expected value "${leaked}": cues must not give the answer away`,
      );
    }
  }
  return {
    key: item.key,
    type: item.type as ItemType,
    prompt: fill(item.prompt, `${where}.prompt`),
    check,
    answerFormat: item.answerFormat ?? 'free',
    ...(item.temptingDefault === undefined
      ? {}
      : { temptingDefault: fill(item.temptingDefault, `${where}.tempting_default`) }),
    cues,
  };
}

type Fail = (path: string, message: string) => never;

function toCheck(expected: Record<string, unknown>, fill: Fill, where: string, fail: Fail): Check {
  const kind = expected.check;
  if (typeof kind !== 'string' || !(CHECK_KINDS as readonly string[]).includes(kind)) {
    fail(`${where}.check`, `expected one of ${CHECK_KINDS.join(', ')}, got ${JSON.stringify(kind ?? null)}`);
  }
  const known =
    kind === 'contains_normalized' || kind === 'forbidden_absent' ? ['check', 'value'] : ['check', 'values'];
  const unknown = Object.keys(expected).find((key) => !known.includes(key));
  if (unknown !== undefined)
    fail(`${where}.${unknown}`, `unknown key for check ${kind}; it takes ${known.join(', ')}`);
  if (kind === 'contains_normalized' || kind === 'forbidden_absent') {
    return { kind, value: nonEmptyValue(expected.value, fill, `${where}.value`, fail) };
  }
  const values = expected.values;
  if (!Array.isArray(values) || values.length === 0)
    fail(`${where}.values`, 'expected a non-empty list of strings');
  return {
    kind: kind as 'contains_all' | 'contains_any' | 'in_order',
    values: values.map((value, index) => nonEmptyValue(value, fill, `${where}.values[${index}]`, fail)),
  };
}

function nonEmptyValue(value: unknown, fill: Fill, where: string, fail: Fail): string {
  if (typeof value !== 'string')
    fail(where, `expected a string, got ${value === undefined ? 'nothing' : typeof value}`);
  const filled = fill(value, where);
  // An empty expected value would match every response (context-bench's empty-gold bug).
  if (filled.trim() === '') fail(where, 'the expected value is empty after filling placeholders');
  return filled;
}

/** The strings a check looks for. */
export function checkValues(check: Check): string[] {
  return 'value' in check ? [check.value] : [...check.values];
}
