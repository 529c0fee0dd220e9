import { describe, expect, it } from 'vitest';
import { digestKeySentences, isKeySentence } from '../../src/compaction/index.js';

describe('key sentences', () => {
  it.each([
    'Never push to main directly.',
    "Don't touch the migrations folder.",
    'Under no circumstances should you email customers.',
    'Postgres is off the table.',
    'Scratch that, we will use SQLite.',
    "Let's go with Render for hosting.",
    'The API listens on port 8443.',
    'The nightly import starts at 02:30 UTC.',
    'We run Python 3.11.5 in production.',
    'The p95 budget is 450ms.',
    'Invoices over €500 need approval.',
    'Staging lives at https://staging.example.test/api.',
  ])('keeps %s', (sentence) => {
    expect(isKeySentence(sentence)).toBe(true);
  });

  it.each([
    'Please look at module 4.',
    'Thanks, that worked.',
    'Can you read the README?',
    'Rename `token-628` helper.',
  ])('does not flag the routine sentence %s', (sentence) => {
    expect(isKeySentence(sentence)).toBe(false);
  });

  it('digests a long message to its first sentence and its rules, in order', () => {
    const text =
      'Here is the plan. The weather is nice. You must not deploy on Fridays. Lunch was fine. Use port 5432.';
    expect(digestKeySentences(text)).toBe(
      'Here is the plan. You must not deploy on Fridays. Use port 5432. [2 other sentences omitted]',
    );
  });
});
