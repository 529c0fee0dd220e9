import type { Prng } from '../random/prng.js';

/** Languages filler writes source files in. */
export type SourceLanguage =
  | 'typescript'
  | 'python'
  | 'go'
  | 'sql'
  | 'workflow'
  | 'manifest'
  | 'compose'
  | 'settings';

/** Writes plausible source of one language, piece by piece, so a file can grow to any size. */
export interface SourceWriter {
  /** The file's first lines: package clause, imports, a top comment. */
  header(prng: Prng): string;
  /** One top-level block: a function, a type, a class, a table, a config section. */
  block(prng: Prng): string;
  /** A short top-level piece (a constant, an index, one setting): ends a file close to its size. */
  small(prng: Prng): string;
  /** One line of code, as search results and diffs show it. */
  line(prng: Prng): string;
}

/** Indents every line of `text` by `depth` levels of `unit`. */
export function indent(text: string, depth = 1, unit = '  '): string {
  const prefix = unit.repeat(depth);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

/** `count` results of `draw`, each its own line. */
export function lines(prng: Prng, count: number, draw: (prng: Prng) => string): string {
  const result: string[] = [];
  for (let index = 0; index < count; index++) result.push(draw(prng));
  return result.join('\n');
}

/** `1 file`, `3 files`: a count with its noun in the right number. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * One of several alternatives, only the chosen one built: `prng.pick([...])` over template strings would build
 * (and draw randomness for) every alternative.
 */
export function pickLazy<T>(prng: Prng, makers: readonly (() => T)[]): T {
  return prng.pick(makers)();
}
