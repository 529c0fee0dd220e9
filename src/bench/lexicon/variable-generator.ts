import type { Prng } from '../random/prng.js';

/** Draws the values of one kind of template variable (`person_name`, `port`, ...) from a seeded stream. */
export interface VariableGenerator {
  /** The name templates use in `generator:`, e.g. `port`. */
  readonly name: string;
  /** A fresh value; the same stream state always gives the same value. */
  draw(prng: Prng): string;
  /**
   * A look-alike of `value` that differs from it: a digit changed or two digits swapped for numbers, the same
   * first name for people, the same directory for files. Generators without a notion of "near" draw anew.
   */
  near?(value: string, prng: Prng): string;
}
