import type { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { formatPath, joinWhere } from './field-path.js';

type ZodIssue = z.core.$ZodIssue;

/**
 * Turns zod issues into compactkit issues with readable paths (`messages[3].role`) and wording a user can act
 * on (`expected one of system|user|assistant|tool`), instead of zod's generic "Invalid input".
 */
export function issuesFromZod(
  issues: readonly ZodIssue[],
  root: readonly PropertyKey[],
  location?: string,
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) collect(issue, root, location, result);
  return result;
}

function collect(
  issue: ZodIssue,
  prefix: readonly PropertyKey[],
  location: string | undefined,
  into: ValidationIssue[],
): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = informativeBranch(issue.errors);
    if (branch) {
      for (const inner of branch) collect(inner, path, location, into);
      return;
    }
  }
  into.push({ where: joinWhere(location, formatPath(path)), message: describe(issue) });
}

/**
 * Of the union branches that failed, one whose input had the right basic shape explains the problem best
 * (a content array with a bad part, rather than "expected string"). Returns undefined when no branch got
 * past the top-level type check, so the caller reports the union as a whole.
 */
function informativeBranch(branches: readonly (readonly ZodIssue[])[]): readonly ZodIssue[] | undefined {
  const deeper = branches.filter(
    (branch) => !branch.every((issue) => issue.path.length === 0 && issue.code === 'invalid_type'),
  );
  return deeper[0];
}

/** zod's own wording starts like this; anything else is a message a schema author wrote on purpose. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too small|Too big|Unrecognized)/;

function describe(issue: ZodIssue): string {
  const input = 'input' in issue ? issue.input : undefined;
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) {
        return issue.expected === 'nonoptional'
          ? 'is required'
          : `is required (expected ${typeName(issue.expected)})`;
      }
      return `expected ${typeName(issue.expected)}, got ${receivedName(input)}`;
    case 'invalid_value': {
      const expected =
        issue.values.length === 1 ? String(issue.values[0]) : `one of ${issue.values.map(String).join('|')}`;
      return input === undefined && issue.path.length > 0
        ? `is required (expected ${expected})`
        : `expected ${expected}`;
    }
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) {
        return `expected one of ${issue.options.map(String).join('|')}`;
      }
      return describeUnion(issue.errors, input);
    case 'too_small':
      if (issue.origin === 'number') {
        return `expected a number >= ${String(issue.minimum)}, got ${String(input)}`;
      }
      return issue.message;
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function describeUnion(branches: readonly (readonly ZodIssue[])[], input: unknown): string {
  const expected = new Set<string>();
  for (const branch of branches) {
    for (const issue of branch) if (issue.code === 'invalid_type') expected.add(typeName(issue.expected));
  }
  const list = [...expected].join(' or ');
  if (input === undefined) return list ? `is required (expected ${list})` : 'is required';
  return list ? `expected ${list}, got ${receivedName(input)}` : 'does not match any accepted shape';
}

function typeName(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'custom') return 'a supported value';
  return expected;
}

function receivedName(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && !Number.isInteger(input)) return `number ${input}`;
  return typeof input;
}
