import { nullCompactor } from './null-compactor.js';
import { oracleCompactor } from './oracle-compactor.js';
import type { Compactor } from './types.js';

/** Every method compactkit ships, by name. */
export const builtInCompactors: readonly Compactor[] = [nullCompactor, oracleCompactor];

/** The built-in method with this name, or undefined. */
export function findCompactor(name: string): Compactor | undefined {
  return builtInCompactors.find((compactor) => compactor.name === name);
}
