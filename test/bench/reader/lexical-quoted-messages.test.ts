import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { quotedRepeats } from '../../../src/bench/reader/quoted-messages.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a message quoting an earlier message repeats it', () => {
  it('answers from the message itself, not from a later reply that quotes it', async () => {
    const artifactText = transcriptArtifact(150, {
      30: '[turn 2] user: The nightly export should land in the hot bucket.',
      70: '[turn 6] user: Correction: the nightly export should land in the cold archive bucket.',
      120: '[turn 9] assistant: Picking this up from the notes: [turn 2] user: The nightly export should land in the hot bucket.',
    });
    const item = makeItem({
      prompt: 'Where should the nightly export land?',
      type: 'immutable_fact_recall',
      check: { kind: 'contains_normalized', value: 'cold archive bucket' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('cold archive bucket');
  });

  it('counts a quote as a repeat only while the artifact still holds the message it quotes', () => {
    const parsed = parseArtifactText(
      [
        '[turn 4] user: Rotate the signing key before Friday.',
        '[turn 7] assistant: From the notes: [turn 4] user: Rotate the signing key before Friday.',
        '[turn 8] assistant: From the notes: [turn 1] user: Keep the old key for a week.',
      ].join('\n'),
    );
    expect([...quotedRepeats(parsed)]).toEqual([0, 1, 0]);
  });
});
