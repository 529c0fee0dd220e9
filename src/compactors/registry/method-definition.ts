import type { Compactor } from '../types.js';

/** The kinds of value a method option takes; CLI text (`--method-opt keepTurns=8`) is parsed to this type. */
export type MethodOptionType = 'integer' | 'number' | 'boolean' | 'string';

/** One option a method accepts, with the default it uses when the option is not given. */
export interface MethodOptionSpec {
  type: MethodOptionType;
  default: number | boolean | string;
  /** One line for `bench methods`. */
  description: string;
  /** Inclusive bounds for `integer` and `number` options. */
  min?: number;
  max?: number;
  /** The only values a `string` option accepts. */
  choices?: readonly string[];
}

/**
 * What `create` returns: the compaction itself. A method's name, version and flags come from its definition
 * alone (`instantiateMethod` stamps them), so a full Compactor is accepted but its identity fields are not read.
 */
export type MethodCompaction = Pick<Compactor, 'compact'>;

/** Resolved option values by name: every declared option, given or defaulted, already of its type. */
export type MethodOptions = Readonly<Record<string, number | boolean | string>>;

/**
 * A compaction method with options: what the registry lists and what `instantiateMethod` builds compactors from.
 * `create` receives every declared option resolved and validated, and returns a compactor whose `config` is
 * those options, so a benchmark run's fingerprint tells runs with different options apart.
 */
export interface MethodDefinition {
  readonly name: string;
  readonly version: string;
  /** One line for `bench methods` and reports. */
  readonly description: string;
  readonly needsModel: boolean;
  readonly deterministic: boolean;
  readonly options: Readonly<Record<string, MethodOptionSpec>>;
  create(options: MethodOptions): MethodCompaction;
}

/** True when the value looks like a MethodDefinition rather than a ready Compactor. */
export function isMethodDefinition(value: unknown): value is MethodDefinition {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { create?: unknown }).create === 'function' &&
    typeof (value as { options?: unknown }).options === 'object'
  );
}
