import { describe, expect, it } from 'vitest';
import {
  containsNormalized,
  containsWholeWords,
  normalizeMatchText,
} from '../../../src/bench/lexicon/index.js';

describe('normalizeMatchText', () => {
  it('lower-cases and turns punctuation, markdown and whitespace runs into single spaces', () => {
    expect(normalizeMatchText("Don't **drop** `ledger_entries`!")).toBe('don t drop ledger entries');
    expect(normalizeMatchText('  $4,250  ')).toBe('4 250');
    expect(normalizeMatchText('2026-03-14\n\t14:30')).toBe('2026 03 14 14 30');
    expect(normalizeMatchText('---')).toBe('');
  });

  it('keeps letters and digits of any script, NFKC-folded', () => {
    expect(normalizeMatchText('Café — Zürich')).toBe('café zürich');
    expect(normalizeMatchText('ＡＢＣ１')).toBe('abc1');
  });
});

describe('containsWholeWords', () => {
  it('matches whole-word sequences only', () => {
    expect(containsWholeWords('Run the invoice-export job', 'invoice export')).toBe(true);
    expect(containsWholeWords('port 18080', '8080')).toBe(false);
    expect(containsWholeWords('port 8080.', '8080')).toBe(true);
    expect(containsWholeWords('reinvoice export', 'invoice export')).toBe(false);
    expect(containsWholeWords('anything', '!!!')).toBe(false);
  });

  it('finds a later whole match after a partial one', () => {
    expect(containsNormalized('ab abc abc d', 'abc d')).toBe(true);
    expect(containsNormalized('xabc abc', 'abc')).toBe(true);
  });
});
