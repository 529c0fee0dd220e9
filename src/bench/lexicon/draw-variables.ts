import { ValidationError, type ValidationIssue } from '../../errors.js';
import { joinWhere } from '../../validation/field-path.js';
import { variableSeed } from '../random/case-seed.js';
import { createPrng, type Prng } from '../random/prng.js';
import { findGenerator, GENERATOR_NAMES } from './generators.js';
import { drawDifferent } from './near-value.js';
import { containsNormalized, normalizeMatchText } from './normalize-match-text.js';
import type { VariableGenerator } from './variable-generator.js';

/** How one template variable gets its value (`variables[]` of a template). */
export interface VariableSpec {
  /** Used as `{{name}}`; also names the variable's own random stream. */
  name: string;
  /** A built-in generator (see `GENERATORS`); optional with `like`, which then borrows the target's. */
  generator?: string;
  /** An earlier variable whose value this one imitates (`8443` → `8434`), with the generator's `near`. */
  like?: string;
  /** Fixed values to pick one of, instead of a generator. */
  choices?: string[];
}

/** Draws before giving up on finding a value that stays clear of the other variables. */
const MAX_ATTEMPTS = 50;

/** A spec after validation: exactly one way to produce a value. */
type Plan =
  | { kind: 'draw'; generator: VariableGenerator }
  | { kind: 'near'; generator: VariableGenerator; target: string }
  | { kind: 'choices'; choices: readonly string[] };

/**
 * Draws every variable of a case. Each variable uses its own stream, `createPrng(variableSeed(caseSeed,
 * name))`, so adding a variable never changes the others. Values are pairwise distinct and none contains
 * another as whole words once normalised, so a check on one value never passes on another; a colliding draw is
 * redrawn from the same stream.
 *
 * @param where Names the template in error messages, e.g. its file path.
 * @throws ValidationError listing every bad spec (unknown generator, bad `like`, no source of values), or
 * naming the variable whose value could not be kept apart from the others.
 * @example
 * drawVariables([{ name: 'port', generator: 'port' }, { name: 'old_port', like: 'port' }], seed, 'ports.yaml');
 * // { port: '8443', old_port: '8434' }
 */
export function drawVariables(
  specs: readonly VariableSpec[],
  caseSeed: bigint,
  where: string,
): Record<string, string> {
  const plans = planVariables(specs, where);
  const values: string[] = [];
  const normalized: string[] = [];
  for (const [index, spec] of specs.entries()) {
    const plan = plans[index] as Plan;
    const prng = createPrng(variableSeed(caseSeed, spec.name));
    let candidate = '';
    let clash = -1;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      candidate = drawOne(plan, prng, specs, values);
      clash = findClash(normalizeMatchText(candidate), normalized);
      if (clash === -1) break;
    }
    if (clash !== -1) {
      const other = specs[clash]?.name ?? '';
      const message =
        `could not draw a value for "${spec.name}" that stays apart from the other variables in ` +
        `${MAX_ATTEMPTS} attempts: the last, "${candidate}", overlaps "${values[clash]}" of "${other}"; ` +
        'give it other choices or another generator';
      throw new ValidationError([{ where: joinWhere(where, `variables[${index}]`), message }]);
    }
    values.push(candidate);
    normalized.push(normalizeMatchText(candidate));
  }
  return Object.fromEntries(specs.map((spec, index) => [spec.name, values[index] as string]));
}

function drawOne(plan: Plan, prng: Prng, specs: readonly VariableSpec[], values: readonly string[]): string {
  if (plan.kind === 'choices') return prng.pick(plan.choices);
  if (plan.kind === 'draw') return plan.generator.draw(prng);
  const targetValue = values[specs.findIndex((spec) => spec.name === plan.target)] as string;
  const { generator } = plan;
  return generator.near
    ? generator.near(targetValue, prng)
    : drawDifferent(targetValue, prng, (stream) => generator.draw(stream));
}

/** Index of an earlier value equal to, inside or around `candidate` (all normalised), or -1. */
function findClash(candidate: string, earlier: readonly string[]): number {
  // A value without letters or digits would be "contained" in every answer; it can never stand apart.
  if (candidate === '') return earlier.length > 0 ? 0 : -1;
  return earlier.findIndex(
    (other) =>
      other === candidate || containsNormalized(other, candidate) || containsNormalized(candidate, other),
  );
}

/**
 * Checks every spec the way `drawVariables` will (unknown generator, bad `like`, no source of values,
 * duplicate names) without drawing anything, so a template can be refused when it loads.
 * @param options.where Names the template, e.g. its file path; `options.path` goes before `variables[…]`.
 * @throws ValidationError listing every problem.
 * @example checkVariableSpecs(template.variables, { where: 'a.yaml', path: 'template.' })
 */
export function checkVariableSpecs(
  specs: readonly VariableSpec[],
  options: { where: string; path?: string },
): void {
  planVariables(specs, options.where, options.path);
}

/** Validates every spec and resolves how each gets its value; throws once with all problems. */
function planVariables(specs: readonly VariableSpec[], where: string, path = ''): Plan[] {
  const issues: ValidationIssue[] = [];
  const at = (index: number, field: string): string => joinWhere(where, `${path}variables[${index}]${field}`);
  const firstIndex = new Map<string, number>();
  for (const [index, spec] of specs.entries()) {
    if (typeof spec.name !== 'string' || spec.name === '') {
      issues.push({ where: at(index, '.name'), message: 'must be a non-empty string' });
    } else if (firstIndex.has(spec.name)) {
      const message = `"${spec.name}" already names variables[${firstIndex.get(spec.name)}]; give each variable its own name`;
      issues.push({ where: at(index, '.name'), message });
    } else {
      firstIndex.set(spec.name, index);
    }
  }
  const known = GENERATOR_NAMES.join(', ');
  const plans: (Plan | undefined)[] = specs.map((spec, index) => {
    if (spec.generator !== undefined && findGenerator(spec.generator) === undefined) {
      issues.push({
        where: at(index, '.generator'),
        message: `unknown generator "${spec.generator}"; known: ${known}`,
      });
      return undefined;
    }
    const own = spec.generator === undefined ? undefined : findGenerator(spec.generator);
    if (spec.choices !== undefined) return planChoices(spec, own, at(index, ''), issues);
    if (spec.like !== undefined)
      return planNear(spec, index, specs, firstIndex, own, at(index, '.like'), issues);
    if (own !== undefined) return { kind: 'draw', generator: own };
    const message = `has neither a generator nor choices; add \`generator: <name>\` (one of ${known}) or \`choices: [...]\``;
    issues.push({ where: at(index, ''), message });
    return undefined;
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return plans as Plan[];
}

function planChoices(
  spec: VariableSpec,
  own: VariableGenerator | undefined,
  where: string,
  issues: ValidationIssue[],
): Plan | undefined {
  const problems: string[] = [];
  if (own !== undefined) problems.push('has both a generator and choices; keep one of them');
  if (spec.like !== undefined)
    problems.push('has both like and choices; a look-alike needs a generator, not choices');
  const choices = spec.choices as unknown;
  if (!Array.isArray(choices) || choices.length === 0) {
    problems.push('choices must be a non-empty list of strings');
  } else {
    for (const [index, choice] of choices.entries()) {
      if (typeof choice !== 'string' || normalizeMatchText(choice) === '') {
        problems.push(`choices[${index}] must be a string with at least one letter or digit`);
      }
    }
  }
  for (const message of problems) issues.push({ where, message });
  return problems.length > 0 ? undefined : { kind: 'choices', choices: choices as string[] };
}

function planNear(
  spec: VariableSpec,
  index: number,
  specs: readonly VariableSpec[],
  firstIndex: ReadonlyMap<string, number>,
  own: VariableGenerator | undefined,
  where: string,
  issues: ValidationIssue[],
): Plan | undefined {
  const target = spec.like as string;
  const targetIndex = firstIndex.get(target);
  const fail = (message: string): undefined => {
    issues.push({ where, message });
    return undefined;
  };
  if (target === spec.name) return fail(`"${target}" is this variable itself; name an earlier variable`);
  if (targetIndex === undefined) {
    const names = specs.map((other) => other.name).join(', ');
    return fail(`no variable is called "${target}"; known: ${names}`);
  }
  if (targetIndex > index) {
    return fail(
      `"${target}" is declared later (variables[${targetIndex}]); move it above this variable, whose value imitates it`,
    );
  }
  const targetSpec = specs[targetIndex] as VariableSpec;
  const targetGenerator = resolveGenerator(targetSpec, specs);
  if (targetGenerator === undefined) {
    return fail(
      `"${target}" has no generator (it uses choices), so it has no look-alikes; give it a generator`,
    );
  }
  if (own !== undefined && own !== targetGenerator) {
    return fail(
      `"${target}" uses generator "${targetGenerator.name}" but this variable uses "${own.name}"; a look-alike needs the same generator`,
    );
  }
  return { kind: 'near', generator: targetGenerator, target };
}

/** The generator a spec's values come from, following `like` chains; undefined for choices. */
function resolveGenerator(spec: VariableSpec, specs: readonly VariableSpec[]): VariableGenerator | undefined {
  let current: VariableSpec | undefined = spec;
  // A chain can be no longer than the list; the bound also stops a cycle of broken specs.
  for (let step = 0; current !== undefined && step <= specs.length; step++) {
    if (current.choices !== undefined) return undefined;
    if (current.generator !== undefined) return findGenerator(current.generator);
    const like: string | undefined = current.like;
    current = specs.find((other) => other.name === like);
  }
  return undefined;
}
