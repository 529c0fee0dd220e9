import { nullCompactor } from '../methods/null-compactor.js';
import { oracleCompactor } from '../methods/oracle-compactor.js';
import type { Compactor } from '../types.js';
import type { MethodDefinition } from './method-definition.js';

/** A method definition without options for a ready compactor. */
export function methodOf(compactor: Compactor): MethodDefinition {
  return {
    name: compactor.name,
    version: compactor.version,
    description: compactor.description ?? '',
    needsModel: compactor.needsModel === true,
    deterministic: compactor.deterministic === true,
    options: {},
    create: () => compactor,
  };
}

/** The `null` control as a registry entry. */
export const nullMethod = methodOf(nullCompactor);

/** The `oracle` control as a registry entry. */
export const oracleMethod = methodOf(oracleCompactor);
