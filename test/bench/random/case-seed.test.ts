import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CaseSeedInput,
  caseSeed,
  caseSeedText,
  variableSeed,
} from '../../../src/bench/random/case-seed.js';
import { ValidationError } from '../../../src/errors.js';

const input: CaseSeedInput = {
  suite: 'elite',
  suiteVersion: 1,
  template: 'buried_constraint_01',
  templateVersion: 2,
  seedGroup: 'default',
  slot: 3,
};

// Recorded once with `printf '%s' 'elite@1/buried_constraint_01@2:default:3' | sha256sum` (0780a08137778ce3...).
const goldenCaseSeed = 540608432126266595n;
// `printf '%s' '540608432126266595:port' | sha256sum`, first 16 hex digits.
const goldenPortSeed = 2805466058890789915n;

const firstEightBytes = (text: string): bigint =>
  createHash('sha256').update(text, 'utf8').digest().readBigUInt64BE(0);

/** The issues of the ValidationError that `action` throws; fails the test if it throws anything else. */
function issuesOf(action: () => unknown): { where: string; message: string }[] {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}

describe('caseSeed', () => {
  it('builds the spec string exactly', () => {
    expect(caseSeedText(input)).toBe('elite@1/buried_constraint_01@2:default:3');
  });

  it('matches the golden seed, recomputed from the spec formula with node:crypto', () => {
    expect(caseSeed(input)).toBe(goldenCaseSeed);
    expect(firstEightBytes('elite@1/buried_constraint_01@2:default:3')).toBe(goldenCaseSeed);
  });

  it('treats a whole-number version and its decimal string alike', () => {
    expect(caseSeed({ ...input, suiteVersion: '1', templateVersion: '2' })).toBe(goldenCaseSeed);
    expect(caseSeed({ ...input, seedGroup: 7 })).toBe(caseSeed({ ...input, seedGroup: '7' }));
  });

  it('accepts free-form versions, slot 0 and the largest safe slot', () => {
    const text = caseSeedText({ ...input, suiteVersion: '2025-06.1', slot: 0 });
    expect(text).toBe('elite@2025-06.1/buried_constraint_01@2:default:0');
    expect(caseSeed({ ...input, slot: Number.MAX_SAFE_INTEGER })).toBe(
      firstEightBytes(`elite@1/buried_constraint_01@2:default:${Number.MAX_SAFE_INTEGER}`),
    );
  });

  it('gives a different seed whenever any field changes', () => {
    const variants: CaseSeedInput[] = [
      input,
      { ...input, suite: 'starter' },
      { ...input, suiteVersion: 2 },
      { ...input, template: 'buried_constraint_02' },
      { ...input, templateVersion: 3 },
      { ...input, seedGroup: 'other' },
      { ...input, slot: 4 },
    ];
    expect(new Set(variants.map(caseSeed)).size).toBe(variants.length);
  });

  it('gives 10,000 slots 10,000 different seeds', () => {
    const seeds = new Set(Array.from({ length: 10_000 }, (_, slot) => caseSeed({ ...input, slot })));
    expect(seeds.size).toBe(10_000);
  });

  it.each([
    ['suite', '@'],
    ['suite', '/'],
    ['suite', ':'],
    ['suiteVersion', '@'],
    ['suiteVersion', '/'],
    ['suiteVersion', ':'],
    ['template', '@'],
    ['template', '/'],
    ['template', ':'],
    ['templateVersion', '@'],
    ['templateVersion', '/'],
    ['templateVersion', ':'],
    ['seedGroup', ':'],
  ] as const)('rejects %s containing "%s", naming the field', (field, separator) => {
    const issues = issuesOf(() => caseSeed({ ...input, [field]: `a${separator}b` }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.where).toBe(field);
    expect(issues[0]?.message).toContain(`"${separator}"`);
  });

  it('rejects both of two inputs that would otherwise share the string "a@1/b/c@1:g:0"', () => {
    const base = { templateVersion: 1, seedGroup: 'g', slot: 0 };
    const first = { ...base, suite: 'a', suiteVersion: '1/b', template: 'c' };
    const second = { ...base, suite: 'a', suiteVersion: '1', template: 'b/c' };
    expect(issuesOf(() => caseSeed(first))[0]?.where).toBe('suiteVersion');
    expect(issuesOf(() => caseSeed(second))[0]?.where).toBe('template');
  });

  it('allows "@" and "/" in the seed group, which only the all-digit slot follows', () => {
    expect(caseSeedText({ ...input, seedGroup: 'team@2025/q3' })).toBe(
      'elite@1/buried_constraint_01@2:team@2025/q3:3',
    );
  });

  it.each([
    ['suite', ''],
    ['template', ''],
    ['suiteVersion', ''],
    ['templateVersion', ''],
    ['seedGroup', ''],
  ] as const)('rejects an empty %s', (field, value) => {
    expect(issuesOf(() => caseSeed({ ...input, [field]: value }))).toEqual([
      { where: field, message: 'must not be empty' },
    ]);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'rejects slot %s',
    (slot) => {
      const issues = issuesOf(() => caseSeed({ ...input, slot }));
      expect(issues.map((issue) => issue.where)).toEqual(['slot']);
      expect(issues[0]?.message).toMatch(/whole number from 0/);
    },
  );

  it('rejects numeric versions and groups that are not whole numbers', () => {
    expect(issuesOf(() => caseSeed({ ...input, suiteVersion: 1.5 }))[0]?.where).toBe('suiteVersion');
    expect(issuesOf(() => caseSeed({ ...input, templateVersion: -2 }))[0]?.where).toBe('templateVersion');
    expect(issuesOf(() => caseSeed({ ...input, seedGroup: Number.NaN }))[0]?.where).toBe('seedGroup');
  });

  it('rejects wrong types from untyped callers such as parsed YAML', () => {
    const loose = { ...input, suite: 3, slot: '3' } as unknown as CaseSeedInput;
    expect(issuesOf(() => caseSeed(loose)).map((issue) => issue.where)).toEqual(['suite', 'slot']);
  });

  it('rejects a lone surrogate, which UTF-8 cannot encode', () => {
    expect(issuesOf(() => caseSeed({ ...input, template: 'x\ud800' }))[0]?.message).toMatch(/surrogate/);
    // A proper pair is fine.
    expect(() => caseSeed({ ...input, template: 'dice🎲' })).not.toThrow();
  });

  it('reports every bad field at once, with the first in the message', () => {
    const bad = {
      suite: '',
      suiteVersion: 'v/1',
      template: 't',
      templateVersion: 1,
      seedGroup: 'g',
      slot: -1,
    };
    const issues = issuesOf(() => caseSeed(bad));
    expect(issues.map((issue) => issue.where)).toEqual(['suite', 'suiteVersion', 'slot']);
    expect(() => caseSeed(bad)).toThrow(/^suite: must not be empty \(and 2 more problems\)$/);
  });
});

describe('variableSeed', () => {
  it('matches the golden seed, recomputed from the spec formula with node:crypto', () => {
    expect(variableSeed(goldenCaseSeed, 'port')).toBe(goldenPortSeed);
    expect(firstEightBytes(`${goldenCaseSeed}:port`)).toBe(goldenPortSeed);
  });

  it('gives each variable of a case its own seed', () => {
    const names = ['port', 'owner', 'reviewer', 'file', 'deadline', 'Port', 'port '];
    expect(new Set(names.map((name) => variableSeed(goldenCaseSeed, name))).size).toBe(names.length);
  });

  it('accepts any non-empty name, colons included, and the seed limits', () => {
    expect(variableSeed(0n, 'a:b')).toBe(firstEightBytes('0:a:b'));
    expect(variableSeed((1n << 64n) - 1n, 'x')).toBe(firstEightBytes('18446744073709551615:x'));
  });

  it('rejects a bad case seed or name, naming the field', () => {
    expect(issuesOf(() => variableSeed(-1n, 'x'))[0]?.where).toBe('caseSeed');
    expect(issuesOf(() => variableSeed(1n << 64n, 'x'))[0]?.where).toBe('caseSeed');
    expect(issuesOf(() => variableSeed(5 as unknown as bigint, 'x'))[0]?.where).toBe('caseSeed');
    expect(issuesOf(() => variableSeed(1n, ''))).toEqual([{ where: 'name', message: 'must not be empty' }]);
    expect(issuesOf(() => variableSeed(-1n, '')).map((issue) => issue.where)).toEqual(['caseSeed', 'name']);
  });
});
