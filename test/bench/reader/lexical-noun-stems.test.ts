import { describe, expect, it } from 'vitest';
import { stemWord } from '../../../src/bench/reader/content-words.js';

describe('lexical reader: the noun of a verb in -ate or -ize meets the verb', () => {
  it('stems "-ation" and "-ization" nouns as their verbs are stemmed', () => {
    expect(stemWord('throttling')).toBe(stemWord('throttle'));
    expect(stemWord('compensation')).toBe(stemWord('compensated'));
    expect(stemWord('tokenization')).toBe(stemWord('tokenized'));
    expect(stemWord('deduplication')).toBe(stemWord('deduplicate'));
  });

  it('leaves short words in -tion alone', () => {
    expect(stemWord('station')).toBe('station');
    expect(stemWord('nation')).toBe('nation');
  });
});
