import { anchoredIterativeMethod } from '../methods/anchored-iterative.js';
import { defaultBlockMethod } from '../methods/default-block.js';
import { createHybridMethod } from '../methods/hybrid.js';
import { naiveSummaryMethod } from '../methods/naive-summary.js';
import { observationMaskingMethod } from '../methods/observation-masking.js';
import { regeneratedSummaryMethod } from '../methods/regenerated-summary.js';
import { structuredStateMethod } from '../methods/structured-state/structured-state.js';
import { truncateLastNMethod } from '../methods/truncate-last-n.js';
import type { Compactor } from '../types.js';
import { nullMethod, oracleMethod } from './control-methods.js';
import type { MethodDefinition } from './method-definition.js';
import { resolveMethodOptions } from './method-options.js';

/** Every method compactkit ships, in the order `bench methods` lists them: controls, deterministic, LLM. */
export const builtInMethods: readonly MethodDefinition[] = [
  nullMethod,
  oracleMethod,
  truncateLastNMethod,
  observationMaskingMethod,
  defaultBlockMethod,
  structuredStateMethod,
  naiveSummaryMethod,
  regeneratedSummaryMethod,
  anchoredIterativeMethod,
  createHybridMethod(structuredStateMethod),
];

/** The built-in method with this name, or undefined. */
export function findMethod(name: string): MethodDefinition | undefined {
  return builtInMethods.find((method) => method.name === name);
}

/**
 * A compactor from a method definition with these options (typed values or `--method-opt` text); unset options
 * take their defaults. The compactor carries the definition's name, version and flags, and the resolved options
 * as `config`, which a benchmark run records in its fingerprint.
 * @throws ValidationError for an unknown option or a bad value.
 * @example const compactor = instantiateMethod(findMethod('truncate-last-n')!, { keepTurns: 8 });
 */
export function instantiateMethod(
  definition: MethodDefinition,
  given: Readonly<Record<string, unknown>> = {},
): Compactor {
  const config = resolveMethodOptions(definition, given);
  const inner = definition.create(config);
  return Object.freeze({
    name: definition.name,
    version: definition.version,
    description: definition.description,
    needsModel: definition.needsModel,
    deterministic: definition.deterministic,
    config,
    compact: (input, context) => inner.compact(input, context),
  } satisfies Compactor);
}

/** The built-in compactors with default options. */
export function builtInCompactors(): Compactor[] {
  return builtInMethods.map((method) => instantiateMethod(method));
}
