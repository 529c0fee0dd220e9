import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTextTokens, createLineMemoCounter } from '../../src/tokens/index.js';

const pieces = [
  '\n',
  '\n\n',
  ' ',
  '  ',
  '\t',
  '\r\n',
  '.',
  '.\n',
  "'s",
  "'ll",
  'word',
  'Word',
  '42',
  '12345',
  'é',
  '日本',
  '😀',
  '<|endoftext|>',
  '->',
  '})',
  '  x',
  '#',
];

describe('createLineMemoCounter', () => {
  it('counts exactly what countTextTokens counts, for both encodings', () => {
    const count100 = createLineMemoCounter();
    const count200 = createLineMemoCounter({ encoding: 'o200k_base' });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(count100(text)).toBe(countTextTokens(text));
        expect(count200(text)).toBe(countTextTokens(text, 'o200k_base'));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(count100(text)).toBe(countTextTokens(text));
      }),
      { numRuns: 500 },
    );
  });

  it('stays exact on a text that grows by appended lines, and on a tiny memo', () => {
    const count = createLineMemoCounter({ capacity: 3 });
    let text = 'user: deploy to eu-west-1.\n  indented line\n\nassistant: ok.';
    for (let step = 0; step < 20; step++) {
      text += `\n[turn ${step}] tool: line ${step}.\n    at frame (${step}:1)`;
      expect(count(text)).toBe(countTextTokens(text));
    }
  });
});
