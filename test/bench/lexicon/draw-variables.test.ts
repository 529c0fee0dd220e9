import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../../src/bench/lexicon/generators.js';
import {
  containsNormalized,
  drawVariables,
  GENERATOR_NAMES,
  normalizeMatchText,
  type VariableSpec,
} from '../../../src/bench/lexicon/index.js';
import { createPrng, variableSeed } from '../../../src/bench/random/index.js';
import { ValidationError } from '../../../src/errors.js';

const SEED = 540608432126266595n;

/** Every generator once, and a look-alike of each that has one. */
const ALL_SPECS: VariableSpec[] = [
  ...GENERATOR_NAMES.map((name) => ({ name, generator: name })),
  { name: 'old_port', like: 'port' },
  { name: 'old_version', generator: 'version', like: 'version' },
  { name: 'other_person', like: 'person_name' },
  { name: 'old_date', like: 'date' },
  { name: 'other_file', like: 'file_path' },
  { name: 'older_port', like: 'old_port' },
  { name: 'region', choices: ['eu-west-1', 'us-east-2', 'ap-south-1'] },
];

function issuesOf(action: () => unknown): { where: string; message: string }[] {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}

describe('drawVariables', () => {
  it('is deterministic: the same seed gives the same values', () => {
    expect(drawVariables(ALL_SPECS, SEED, 't.yaml')).toEqual(drawVariables(ALL_SPECS, SEED, 't.yaml'));
    expect(drawVariables(ALL_SPECS, SEED + 1n, 't.yaml')).not.toEqual(
      drawVariables(ALL_SPECS, SEED, 't.yaml'),
    );
  });

  it('draws each variable from its own stream, createPrng(variableSeed(caseSeed, name))', () => {
    const values = drawVariables([{ name: 'port', generator: 'port' }], SEED, 't.yaml');
    expect(values.port).toBe(GENERATORS.port.draw(createPrng(variableSeed(SEED, 'port'))));
    // Adding a variable leaves the others alone.
    const more = drawVariables(
      [
        { name: 'city', generator: 'city' },
        { name: 'port', generator: 'port' },
      ],
      SEED,
      't',
    );
    expect(more.port).toBe(values.port);
  });

  it('keeps values distinct and none inside another, over many seeds', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (seed) => {
        const values = Object.values(drawVariables(ALL_SPECS, seed, 't.yaml'));
        const normalized = values.map(normalizeMatchText);
        expect(new Set(values).size).toBe(values.length);
        for (const [index, value] of normalized.entries()) {
          expect(value).not.toBe('');
          for (const [other, otherValue] of normalized.entries()) {
            if (index !== other)
              expect(containsNormalized(value, otherValue), `${value} ⊇ ${otherValue}`).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draws look-alikes with the generator near and picks from choices', () => {
    const values = drawVariables(ALL_SPECS, SEED, 't.yaml');
    expect(values.old_port).toHaveLength((values.port as string).length);
    expect(values.other_person?.split(' ')[0]).toBe(values.person_name?.split(' ')[0]);
    expect(['eu-west-1', 'us-east-2', 'ap-south-1']).toContain(values.region);
  });

  it('redraws a colliding value from the same stream', () => {
    // Two choices of the second variable contain the first; only the third can stand apart.
    const specs: VariableSpec[] = [
      { name: 'table', choices: ['ledger'] },
      { name: 'noun', choices: ['ledger', 'ledger entries', 'audit log'] },
    ];
    expect(drawVariables(specs, SEED, 't.yaml')).toEqual({ table: 'ledger', noun: 'audit log' });
  });

  it('names the variable when no distinct value turns up', () => {
    const message = messageOf(() =>
      drawVariables(
        [
          { name: 'first', choices: ['same value'] },
          { name: 'second', choices: ['Same  value!'] },
        ],
        SEED,
        'dup.yaml',
      ),
    );
    expect(message).toMatch(/^dup\.yaml: variables\[1\]: could not draw a value for "second"/);
    expect(message).toContain('overlaps "same value" of "first"');
  });

  it('reports an unknown generator with the known ones', () => {
    const message = messageOf(() => drawVariables([{ name: 'x', generator: 'zip_code' }], SEED, 'a.yaml'));
    expect(message).toBe(
      `a.yaml: variables[0].generator: unknown generator "zip_code"; known: ${GENERATOR_NAMES.join(', ')}`,
    );
  });

  it('reports every bad spec at once, with its path', () => {
    const issues = issuesOf(() =>
      drawVariables(
        [
          { name: 'a' },
          { name: 'b', like: 'nobody' },
          { name: 'c', like: 'd' },
          { name: 'd', generator: 'port' },
          { name: 'd', generator: 'port' },
          { name: 'e', generator: 'port', choices: ['1'] },
          { name: 'f', choices: [] },
          { name: 'g', choices: ['ok', '!!!'] },
          { name: 'h', like: 'h' },
          { name: 'i', generator: 'date', like: 'd' },
          { name: 'j', choices: ['x'] },
          { name: 'k', like: 'j' },
          { name: '', generator: 'port' },
        ],
        SEED,
        'bad.yaml',
      ),
    );
    const where = issues.map((issue) => issue.where);
    expect(where).toEqual([
      'bad.yaml: variables[4].name',
      'bad.yaml: variables[12].name',
      'bad.yaml: variables[0]',
      'bad.yaml: variables[1].like',
      'bad.yaml: variables[2].like',
      'bad.yaml: variables[5]',
      'bad.yaml: variables[6]',
      'bad.yaml: variables[7]',
      'bad.yaml: variables[8].like',
      'bad.yaml: variables[9].like',
      'bad.yaml: variables[11].like',
    ]);
    const text = issues.map((issue) => issue.message).join('\n');
    expect(text).toContain('"d" already names variables[3]');
    expect(text).toContain('has neither a generator nor choices');
    expect(text).toContain('no variable is called "nobody"');
    expect(text).toContain('"d" is declared later (variables[3])');
    expect(text).toContain('has both a generator and choices');
    expect(text).toContain('choices must be a non-empty list of strings');
    expect(text).toContain('choices[1] must be a string with at least one letter or digit');
    expect(text).toContain('"h" is this variable itself');
    expect(text).toContain('"d" uses generator "port" but this variable uses "date"');
    expect(text).toContain('"j" has no generator (it uses choices)');
  });

  it('returns an empty record for no variables', () => {
    expect(drawVariables([], SEED, 'empty.yaml')).toEqual({});
  });
});
