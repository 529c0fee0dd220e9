import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../support/import-graph.js';

const root = resolve(new URL('../..', import.meta.url).pathname);
/** Folders whose modules may take part in no import cycle (the whole package; COMPACTKIT_CYCLE_SCOPE narrows it). */
const CHECKED = (process.env.COMPACTKIT_CYCLE_SCOPE ?? 'src/').split(',');

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}

describe('import graph of src/', () => {
  const graph = new Map(sourceFiles(join(root, 'src')).map((file) => [file, importsOf(file)]));

  it('reads imports, type-only ones included (the check can fail)', () => {
    const types = graph.get(join(root, 'src/compaction/compact-session-loops.ts')) ?? [];
    expect(types).toContain(join(root, 'src/compaction/types.ts'));
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it(`has no cycle involving ${CHECKED.join(', ')}`, () => {
    const involved = cycles(graph)
      .filter((component) =>
        component.some((file) => CHECKED.some((folder) => relative(root, file).startsWith(folder))),
      )
      .map((component) => component.map((file) => relative(root, file)).join(' -> '));
    expect(involved).toEqual([]);
  });

  it('keeps the contracts in src/compaction/types.ts free of imports from the rest of the folder', () => {
    const imports = graph.get(join(root, 'src/compaction/types.ts')) ?? [];
    expect(imports.filter((file) => relative(root, file).startsWith('src/compaction/'))).toEqual([]);
  });

  it('loads no integration from the rest of the package (the AI SDK and LangChain subpaths load on request)', () => {
    const integrations = join(root, 'src/integrations/');
    const reaching = [...graph.entries()]
      .filter(([file]) => !file.startsWith(integrations))
      .filter(([, imports]) => imports.some((target) => target.startsWith(integrations)))
      .map(([file]) => relative(root, file));
    expect(reaching).toEqual([]);
  });
});
