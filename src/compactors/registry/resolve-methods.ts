import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { LanguageModel } from '../../llm/types.js';
import type { Compactor } from '../types.js';
import { loadWorkerCompactor } from '../worker/load-worker-compactor.js';
import { builtInMethods, findMethod } from './built-in-methods.js';
import { loadCompactor } from './load-compactor.js';
import { parseMethodOptionArgs } from './method-options.js';

/** Which methods run in a worker thread, where a deadline can stop even one that spins. */
export type MethodIsolation = 'plugins' | 'all' | 'none';

/** What `resolveMethods` takes; every field is optional. */
export interface ResolveMethodsOptions {
  /** Built-in names, module paths or package names; default: every deterministic built-in that needs no model. */
  names?: readonly string[];
  /** `--method-opt` texts: `key=value` for every method that declares `key`, `name.key=value` for one. */
  optionArgs?: readonly string[];
  /** The model LLM-based methods will get (a spec or a model); only whether it is given matters here. */
  methodModel?: string | LanguageModel;
  /** `plugins` (default): modules run in worker threads, built-ins in-process; `all`; `none`. */
  isolate?: MethodIsolation;
}

/**
 * The compactors to benchmark, each built with its options. An unscoped option goes to every chosen method that
 * declares it (and must be declared by at least one); a scoped one (`name.key=value`) to that method. Plugins
 * run in worker threads (see `loadWorkerCompactor`) unless `isolate` says otherwise.
 * @throws ValidationError listing every option no chosen method takes, and a method that needs a model when
 * `methodModel` is absent; what `loadCompactor` throws for a method that cannot load.
 * @example const compactors = await resolveMethods({ names: ['truncate-last-n'], optionArgs: ['keepTurns=8'] });
 */
export async function resolveMethods(options: ResolveMethodsOptions = {}): Promise<Compactor[]> {
  const names =
    options.names ??
    builtInMethods
      .filter((method) => method.deterministic && !method.needsModel)
      .map((method) => method.name);
  const given = parseMethodOptionArgs([...(options.optionArgs ?? [])]);
  const shared = given.get('*') ?? {};
  const issues: ValidationIssue[] = [];
  for (const scope of given.keys()) {
    if (scope !== '*' && !names.includes(scope))
      issues.push({ where: `--method-opt ${scope}.…`, message: `method ${scope} is not in --method` });
  }
  // A plugin's options are unknown until it loads, so any plugin may take an unscoped option.
  const declaring = (key: string) =>
    names.some((name) => {
      const definition = findMethod(name);
      return definition === undefined || Object.hasOwn(definition.options, key);
    });
  for (const key of Object.keys(shared)) {
    if (!declaring(key))
      issues.push({ where: `--method-opt ${key}`, message: `none of the chosen methods takes ${key}` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const isolate = options.isolate ?? 'plugins';
  const compactors: Compactor[] = [];
  for (const name of names) {
    const definition = findMethod(name);
    const sharedHere = Object.fromEntries(
      Object.entries(shared).filter(
        ([key]) => definition === undefined || Object.hasOwn(definition.options, key),
      ),
    );
    const methodOptions = { ...sharedHere, ...(given.get(name) ?? {}) };
    const inWorker = isolate === 'all' || (isolate === 'plugins' && definition === undefined);
    const compactor = inWorker
      ? await loadWorkerCompactor(name, { options: methodOptions })
      : await loadCompactor(name, methodOptions);
    if (compactor.needsModel === true && options.methodModel === undefined) {
      throw new ValidationError([
        {
          where: `--method ${name}`,
          message:
            'this method needs a language model: add --method-model <spec>, e.g. --method-model openai:gpt-4o-mini',
        },
      ]);
    }
    compactors.push(compactor);
  }
  return compactors;
}
