import { ValidationError } from '../errors.js';
import type { LanguageModel } from '../llm/index.js';
import type { EvalResult } from './eval-result.js';
import type { Evaluator, Example, Metric, System } from './types.js';

/** What a dataset loader is asked for. */
export interface DatasetLoadOptions {
  /** The part after `:` in `longbench:hotpotqa`. */
  config?: string;
  n?: number;
  shuffle?: boolean;
  seed?: string;
  /** Where its files are (a local copy of the published layout). */
  dataDir?: string;
  signal?: AbortSignal;
}

/** A named dataset: where it comes from, how to load it, and which evaluators score it. */
export interface DatasetEntry {
  description: string;
  /** Evaluator names wired automatically when the user names none. */
  evaluators: readonly string[];
  /** The default score field for pass rates and the summary table. */
  scoreField: string;
  /** Evaluators and score field of one config, for sets whose tasks differ (LongBench, InfiniteBench). */
  scoringFor?: (config: string) => { evaluators: readonly string[]; scoreField: string };
  load(options: DatasetLoadOptions): Promise<Example[]>;
  [field: string]: unknown;
}

/** What a system factory gets: the text after `name:` and the models the CLI resolved. */
export interface SystemFactoryContext {
  /** The model that answers from the context (`--model`). */
  model?: LanguageModel;
  /** Makes a model from a spec with the run's cache and limits. */
  createModel(spec: string): LanguageModel;
  /** Options for a compaction method (`--method-opt`). */
  methodOptions?: Readonly<Record<string, unknown>>;
}

/** Makes a system from `name` or `name:argument`. */
export type SystemFactory = (
  argument: string | undefined,
  context: SystemFactoryContext,
) => System | Promise<System>;
/** Makes an evaluator; `judge` is the `--judge` model, `allowCodeExecution` the `--allow-code-execution` flag. */
export type EvaluatorFactory = (context: {
  judge?: LanguageModel;
  allowCodeExecution?: boolean;
}) => Evaluator;
/** Makes a metric for a score field and pass threshold. */
export type MetricFactory = (options: { scoreField: string; threshold: number }) => Metric;
/** Renders a result as text (a table, JSON, CSV, HTML). */
export type Reporter = (result: EvalResult, options: { scoreField: string }) => string;

/** The kinds of things the registry holds, by their factory type. */
export interface RegistryKinds {
  dataset: DatasetEntry;
  system: SystemFactory;
  evaluator: EvaluatorFactory;
  metric: MetricFactory;
  reporter: Reporter;
}

/** A registry kind's name. */
export type RegistryKind = keyof RegistryKinds;

/**
 * Name-based plugins: datasets, systems, evaluators, metrics and reporters. Built-ins come pre-registered by
 * `createEvaluationRegistry`; what a user registers (in a `--plugin` module) becomes a CLI name.
 */
export class Registry {
  readonly #entries: { [K in RegistryKind]: Map<string, RegistryKinds[K]> } = {
    dataset: new Map(),
    system: new Map(),
    evaluator: new Map(),
    metric: new Map(),
    reporter: new Map(),
  };

  /** Adds or replaces an entry. */
  register<K extends RegistryKind>(kind: K, name: string, entry: RegistryKinds[K]): this {
    if (name.trim() === '' || name.includes(':'))
      throw new ValidationError([
        { where: `registry ${kind}`, message: `"${name}" is not a valid name (non-empty, no ":")` },
      ]);
    (this.#entries[kind] as Map<string, RegistryKinds[K]>).set(name, entry);
    return this;
  }

  /** The entry of that name, or a ValidationError listing the known names. */
  get<K extends RegistryKind>(kind: K, name: string): RegistryKinds[K] {
    const entry = (this.#entries[kind] as Map<string, RegistryKinds[K]>).get(name);
    if (entry === undefined)
      throw new ValidationError([
        { where: `${kind} "${name}"`, message: `unknown ${kind}; known: ${this.list(kind).join(', ')}` },
      ]);
    return entry;
  }

  /** True when the name is registered. */
  has(kind: RegistryKind, name: string): boolean {
    return this.#entries[kind].has(name);
  }

  /** The names of a kind, sorted. */
  list(kind: RegistryKind): string[] {
    return [...this.#entries[kind].keys()].sort();
  }
}
