import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsNormalized,
  findNormalized,
  findWholeWords,
  normalizeText,
} from '../../../src/bench/scoring/normalize.js';

describe('normalizeText', () => {
  it.each([
    ['**The Plan**', 'the plan'],
    ['__The__ *Plan*', 'the plan'],
    ['# Heading\n> quoted line\n- bullet\n* star\n+ plus', 'heading quoted line bullet star plus'],
    ['Use `port 8443`!', 'use port 8443'],
    ['See [the plan](https://example.com/plan) and ![diagram](img.png).', 'see the plan and diagram'],
    ['```ts\nconst x = 1;\n```', 'const x 1'],
    ['~~~\ncode\n~~~', 'code'],
    ['  many   spaces\t\tand\n\nlines  ', 'many spaces and lines'],
    ['snake_case and kebab-case', 'snake case and kebab case'],
    ['ＦＵＬＬＷＩＤＴＨ ８４４３', 'fullwidth 8443'],
    ['ﬁle', 'file'],
    ['Straße über Ünïcode', 'straße über ünïcode'],
    ['Déploiement: vendredi!', 'déploiement vendredi'],
    ['不要在周五部署。', '不要在周五部署'],
    ['नमस्ते दुनिया', 'नमस्ते दुनिया'],
    ['1. First\n2. Second', '1 first 2 second'],
    ['$1,000 — 50% off (v1.2.3)', '1 000 50 off v1 2 3'],
    ['', ''],
    ['*** --- ###', ''],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('leaves only letters, digits and marks separated by single spaces, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const normalized = normalizeText(text);
        expect(normalized).toMatch(/^(?:[\p{L}\p{N}\p{M}]+(?: [\p{L}\p{N}\p{M}]+)*)?$/u);
        expect(normalizeText(normalized)).toBe(normalized);
      }),
    );
  });
});

describe('containsNormalized', () => {
  it.each([
    ['**the plan** is set', 'The Plan', true],
    ['THE PLAN.', 'the plan', true],
    ['Listen on port 8080.', '8080', true],
    ['Listen on port 18080.', '8080', false],
    ['Listen on port 80801.', '8080', false],
    ['Version v1.2.3 shipped', 'v1.2.3', true],
    ['Version v1.2.30 shipped', 'v1.2.3', false],
    ['the planner', 'the plan', false],
    ['deploying on Fridays', 'deploy on Fridays', false],
    ['Run `npm test` first', 'npm test', true],
    ['Edit src/ledger.ts now', 'src/ledger.ts', true],
    ['Edit src/ledger.tsx now', 'src/ledger.ts', false],
    ['我们在东京都工作', '东京', true],
    ['anything at all', '', false],
    ['anything at all', '***', false],
    ['', '', false],
  ])('%j contains %j: %s', (haystack, needle, expected) => {
    expect(containsNormalized(haystack, needle)).toBe(expected);
  });

  it('an empty needle never matches, whatever the haystack', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('', ' ', '**', '...', '\n\t', '`~`'), (haystack, needle) => {
        expect(containsNormalized(haystack, needle)).toBe(false);
      }),
    );
  });

  it('finds any phrase set off by spaces, in any text around it', () => {
    const plain = fc.string({ unit: fc.constantFrom(...'abcxyz019 .,;:!?*_#>-()'), maxLength: 20 });
    fc.assert(
      fc.property(plain, plain, plain, (before, needle, after) => {
        fc.pre(normalizeText(needle).length > 0);
        expect(containsNormalized(`${before} ${needle} ${after}`, needle)).toBe(true);
      }),
    );
  });
});

describe('findNormalized', () => {
  it('gives the start offsets of whole-word matches in the normalized haystack', () => {
    const haystack = 'Port 8443, not 18443; then **8443** again.';
    const offsets = findNormalized(haystack, '8443');
    const normalized = normalizeText(haystack);
    expect(normalized).toBe('port 8443 not 18443 then 8443 again');
    expect(offsets).toEqual([5, 25]);
    for (const offset of offsets) expect(normalized.slice(offset, offset + 4)).toBe('8443');
  });

  it('includes overlapping matches and respects the limit', () => {
    expect(findWholeWords('a b a b a b', 'a b a b')).toEqual([0, 4]);
    expect(findWholeWords('a b a b a b', 'a b', 2)).toEqual([0, 4]);
  });

  it('finds nothing for an empty needle', () => {
    expect(findNormalized('some text', '')).toEqual([]);
    expect(findWholeWords('some text', '')).toEqual([]);
  });
});

describe('normalizeText on ASCII and Unicode text', () => {
  it('gives the ASCII fast path the same result as the Unicode path', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      '9',
      ' ',
      '\n',
      '\t',
      '*',
      '_',
      '`',
      '#',
      '>',
      '-',
      '[x](http://y)',
      '```ts\n',
      '.',
      "'",
      '~~~',
      '\u0000',
      '\u007f',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        // A non-ASCII letter on a line of its own forces the Unicode path and adds exactly one word at the end.
        const unicode = normalizeText(`${text}\né`);
        expect(normalizeText(text)).toBe(unicode.slice(0, -1).trim());
      }),
      { numRuns: 2000 },
    );
  });
});
