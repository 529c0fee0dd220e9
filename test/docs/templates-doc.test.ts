import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTemplate } from '../../src/bench/generate/index.js';
import { GENERATOR_NAMES } from '../../src/bench/lexicon/index.js';
import { parseTemplate, TEMPLATE_LIMITS } from '../../src/bench/template/index.js';
import { createProgram } from '../../src/cli/run-cli.js';

const root = new URL('../..', import.meta.url).pathname;
const doc = readFileSync(join(root, 'docs/templates.md'), 'utf8');

describe('docs/templates.md matches the code', () => {
  it('shows a template-v1 example that loads', () => {
    const yaml = /## template-v1 in one screen\n\n```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    expect(() => checkTemplate(parseTemplate(yaml, 'doc.yaml'), 'doc.yaml')).not.toThrow();
  });

  it('names every generator, the seven of template-v1 in its table', () => {
    const table = doc.slice(doc.indexOf('| generator | values |'), doc.indexOf('compactkit adds'));
    const tabled = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(tabled).toEqual(GENERATOR_NAMES.slice(0, 7));
    const added = doc.slice(doc.indexOf('compactkit adds'), doc.indexOf('### Difficulty levels'));
    expect([...added.matchAll(/`(\w+)`/g)].map((match) => match[1])).toEqual(GENERATOR_NAMES.slice(7));
  });

  it('states the size limits the loader enforces', () => {
    const table = doc.slice(
      doc.indexOf('| what | at most |'),
      doc.indexOf('```text', doc.indexOf('| what |')),
    );
    const figures = [...table.matchAll(/\| ([\d,]+) (?:MiB|exchanges|tokens|characters|\|)/g)].map((match) =>
      Number((match[1] as string).replaceAll(',', '')),
    );
    expect(figures).toEqual([
      TEMPLATE_LIMITS.fileBytes / 1_048_576,
      TEMPLATE_LIMITS.blockUnits,
      TEMPLATE_LIMITS.caseUnits,
      TEMPLATE_LIMITS.targetTokens,
      TEMPLATE_LIMITS.buryTokens,
      TEMPLATE_LIMITS.caseTokens,
      TEMPLATE_LIMITS.filledCharacters,
    ]);
  });

  it('uses only flags `bench run` and `bench generate` have', () => {
    const bench = createProgram().commands.find((command) => command.name() === 'bench');
    const flagsOf = (name: string) =>
      bench?.commands.find((command) => command.name() === name)?.options.map((option) => option.long) ?? [];
    for (const [, name, args] of doc.matchAll(/npx compactkit bench (run|generate)([^\n]*)/g)) {
      for (const flag of (args as string).match(/--[\w-]+/g) ?? []) {
        expect(flagsOf(name as string), `${name} ${flag}`).toContain(flag);
      }
    }
    expect(flagsOf('run')).toContain('--strict');
    expect(doc).not.toContain('--templates');
  });
});
