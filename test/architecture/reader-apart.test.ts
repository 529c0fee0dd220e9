import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../support/import-graph.js';

// The lexical reader scores the methods; a method that imported the reader's lexicon (or the reader a method's
// patterns) could be tuned to the instrument instead of to the text. Checked over the whole import graph.
const root = resolve(new URL('../..', import.meta.url).pathname);
const READER = 'src/bench/reader/';
const METHODS = 'src/compactors/';
/** Reader-independent measures: they may use neither side. */
const RETENTION = ['src/bench/scoring/retention.ts', 'src/bench/runner/stored-run-retention.ts'];

const graph = new Map(
  sourceFiles(join(root, 'src')).map(
    (file) => [relative(root, file), importsOf(file).map((target) => relative(root, target))] as const,
  ),
);

/** The chain of imports from `start` to the first module under `forbidden`, or undefined if none is reachable. */
function pathInto(
  start: string,
  forbidden: string,
  edges: ReadonlyMap<string, readonly string[]>,
): string[] | undefined {
  const previous = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file !== start && file.startsWith(forbidden)) {
      const chain = [file];
      for (let at = previous.get(file); at; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of edges.get(file) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

function reaching(from: readonly string[], forbidden: string): string[] {
  return from.flatMap((file) => {
    const chain = pathInto(file, forbidden, graph);
    return chain === undefined ? [] : [chain.join(' -> ')];
  });
}

describe('the reader and the methods', () => {
  const files = [...graph.keys()];

  it('finds a forbidden import when there is one (the check can fail)', () => {
    const edges = new Map([
      ['src/compactors/a.ts', ['src/compactors/b.ts']],
      ['src/compactors/b.ts', ['src/bench/reader/cue-lexicon.ts']],
    ]);
    expect(pathInto('src/compactors/a.ts', READER, edges)).toEqual([
      'src/compactors/a.ts',
      'src/compactors/b.ts',
      'src/bench/reader/cue-lexicon.ts',
    ]);
    expect(graph.get('src/bench/reader/lexical-reader.ts')).toContain(
      'src/bench/reader/answer-question-item.ts',
    );
  });

  it('no method reaches the reader or its lexicon, directly or through other modules', () => {
    expect(
      reaching(
        files.filter((file) => file.startsWith(METHODS)),
        READER,
      ),
    ).toEqual([]);
  });

  it('the reader reaches no method', () => {
    expect(
      reaching(
        files.filter((file) => file.startsWith(READER)),
        METHODS,
      ),
    ).toEqual([]);
  });

  it('retention is computed without the reader and without the methods', () => {
    for (const file of RETENTION) expect(graph.has(file)).toBe(true);
    expect(reaching(RETENTION, READER)).toEqual([]);
    expect(reaching(RETENTION, METHODS)).toEqual([]);
  });
});
