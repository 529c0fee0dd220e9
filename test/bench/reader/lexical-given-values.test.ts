import { describe, expect, it } from 'vitest';
import { givenValues } from '../../../src/bench/reader/focus-passage.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a value the question names itself is not the value it asks for', () => {
  it('quotes the sentence with the value asked for, not only the one repeating the named value', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: hotfix/OPS-7731-retry-storm touches the shared queue client, Lena Brandt and Kofi Mensah both depend on it. It goes out with the 4.18.2 patch.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which version ships hotfix/OPS-7731-retry-storm?',
      check: { kind: 'contains_normalized', value: '4.18.2' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('4.18.2');
  });

  it('reads the values a question names by their digits', () => {
    expect(givenValues('Which release is fix/PAY-210-rounding merged for?')).toEqual([
      'fix/PAY-210-rounding',
    ]);
    expect(givenValues('Who owns the billing exporter?')).toEqual([]);
  });
});
