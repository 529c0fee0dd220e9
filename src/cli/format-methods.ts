import type { MethodDefinition } from '../compactors/index.js';

/** The method registry as `bench methods` prints it: one block per method, its options indented below it. */
export function formatMethods(methods: readonly MethodDefinition[]): string {
  const width = Math.max(...methods.map((method) => method.name.length));
  const blocks = methods.map((method) => {
    const kind = method.needsModel ? 'needs a model' : method.deterministic ? 'deterministic' : 'no model';
    const lines = [
      `${method.name.padEnd(width)}  ${method.version}  ${kind.padEnd(13)}  ${method.description}`,
    ];
    for (const [key, spec] of Object.entries(method.options)) {
      const choices = spec.choices ? ` (${spec.choices.join('|')})` : '';
      lines.push(
        `${' '.repeat(width + 2)}--method-opt ${key}=${String(spec.default)}${choices}  ${spec.description}`,
      );
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n')}\n`;
}

/** The registry as plain JSON for `bench methods --json`. */
export function methodsJson(methods: readonly MethodDefinition[]): unknown[] {
  return methods.map(({ name, version, description, needsModel, deterministic, options }) => ({
    name,
    version,
    description,
    needsModel,
    deterministic,
    options,
  }));
}
