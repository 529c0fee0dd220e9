import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { MethodDefinition, MethodOptionSpec, MethodOptions } from './method-definition.js';

/**
 * Every option of the method, given or defaulted, checked against its spec. Values may be typed (from code) or
 * text (from `--method-opt k=v`); text is parsed to the option's type.
 * @throws ValidationError listing each unknown option and each value of the wrong type or out of range.
 */
export function resolveMethodOptions(
  definition: Pick<MethodDefinition, 'name' | 'options'>,
  given: Readonly<Record<string, unknown>> = {},
): MethodOptions {
  const issues: ValidationIssue[] = [];
  const where = (key: string) => `method ${definition.name}: option ${key}`;
  const declared = Object.keys(definition.options);
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(definition.options, key)) {
      const known = declared.length > 0 ? `it takes ${declared.join(', ')}` : 'it takes no options';
      issues.push({ where: where(key), message: `unknown option; ${known}` });
    }
  }
  const resolved: Record<string, number | boolean | string> = {};
  for (const [key, spec] of Object.entries(definition.options)) {
    const raw = Object.hasOwn(given, key) ? given[key] : undefined;
    if (raw === undefined) {
      resolved[key] = spec.default;
      continue;
    }
    const parsed = parseOptionValue(raw, spec);
    if (typeof parsed === 'object') issues.push({ where: where(key), message: parsed.problem });
    else resolved[key] = parsed;
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return resolved;
}

function parseOptionValue(
  raw: unknown,
  spec: MethodOptionSpec,
): number | boolean | string | { problem: string } {
  const shown = typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw);
  switch (spec.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      return { problem: `expected true or false, got ${shown}` };
    }
    case 'string': {
      if (typeof raw !== 'string') return { problem: `expected text, got ${shown}` };
      if (spec.choices && !spec.choices.includes(raw))
        return { problem: `expected one of ${spec.choices.join('|')}, got ${shown}` };
      return raw;
    }
    default: {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.replaceAll('_', '')) : raw;
      const integer = spec.type === 'integer';
      if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
        return { problem: `expected ${integer ? 'a whole number' : 'a number'}, got ${shown}` };
      if (spec.min !== undefined && value < spec.min)
        return { problem: `expected at least ${spec.min}, got ${value}` };
      if (spec.max !== undefined && value > spec.max)
        return { problem: `expected at most ${spec.max}, got ${value}` };
      return value;
    }
  }
}

/**
 * Splits `--method-opt` arguments (`keepTurns=8`, or `truncate-last-n.keepTurns=8` for one method only) into
 * option text per method name; unscoped options are under `*`.
 * @throws ValidationError for an argument without `=` or without a name.
 */
export function parseMethodOptionArgs(args: readonly string[]): Map<string, Record<string, string>> {
  const byMethod = new Map<string, Record<string, string>>();
  const issues: ValidationIssue[] = [];
  for (const arg of args) {
    const equals = arg.indexOf('=');
    const name = equals < 0 ? '' : arg.slice(0, equals).trim();
    if (equals < 0 || name === '' || name.endsWith('.')) {
      issues.push({ where: `--method-opt ${arg}`, message: 'expected name=value, e.g. keepTurns=8' });
      continue;
    }
    const dot = name.lastIndexOf('.');
    const method = dot < 0 ? '*' : name.slice(0, dot);
    const key = dot < 0 ? name : name.slice(dot + 1);
    const options = byMethod.get(method) ?? {};
    options[key] = arg.slice(equals + 1).trim();
    byMethod.set(method, options);
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return byMethod;
}
