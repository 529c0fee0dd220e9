import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAvoidGuard } from '../../../src/bench/filler/avoid-guard.js';
import { createOutputBuilder } from '../../../src/bench/filler/output-builder.js';
import { containsNormalized, normalizeMatchText } from '../../../src/bench/lexicon/index.js';

const WORDS = [
  'ledger',
  'entries',
  '14',
  '30',
  'invoice',
  'export',
  'x',
  '---',
  '',
  'Ledger_Entries',
  ':',
  '\n',
];

describe('createOutputBuilder', () => {
  it('keeps avoided values out, also across chunk boundaries (against a brute-force check)', () => {
    const chunk = fc
      .tuple(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), fc.constantFrom(' ', '-', '.', '  '))
      .map(([words, separator]) => words.join(separator));
    fc.assert(
      fc.property(fc.array(chunk, { minLength: 1, maxLength: 30 }), (chunks) => {
        const avoid = ['ledger entries', '14:30', 'invoice export x'];
        const builder = createOutputBuilder(createAvoidGuard(avoid), 4);
        const accepted: string[] = [];
        for (const candidate of chunks) {
          if (builder.addOptional(() => candidate)) {
            accepted.push(candidate);
            continue;
          }
          // A rejected chunk really would have brought a value in.
          const joined = normalizeMatchText([...accepted, candidate].join('\n'));
          expect(avoid.some((value) => containsNormalized(joined, normalizeMatchText(value)))).toBe(true);
        }
        expect(builder.text()).toBe(accepted.join('\n'));
        const text = normalizeMatchText(builder.text());
        for (const value of avoid) expect(containsNormalized(text, normalizeMatchText(value))).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('stops short rather than overshoot by more than a chunk fills', () => {
    const builder = createOutputBuilder(createAvoidGuard([]), 1);
    builder.add(() => 'x'.repeat(49), 'first');
    // 50 tokens so far, target 60: a 40-token chunk overshoots by 30 > 10 missing, so it is left out.
    expect(builder.addWithin(() => 'y'.repeat(39), 60, 'second')).toBeUndefined();
    expect(builder.addWithin(() => 'z'.repeat(9), 60, 'third')).toBe('z'.repeat(9));
    expect(builder.tokens).toBe(60);
  });
});
