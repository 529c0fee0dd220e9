import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// Prohibitions people write without "never" or "don't": each names the thing it protects, and a question
// about what must not be changed is answered by it though the two share no word.
const PLAIN_PROHIBITIONS = [
  'user: one thing up front: config/rates.yaml stays hands-off, the finance team owns those numbers.',
  'user: please keep config/rates.yaml out of this, finance tuned it by hand.',
  "user: I'd rather we leave config/rates.yaml alone, finance tuned it by hand.",
  'user: hold off on config/rates.yaml until finance has signed the quarter.',
  'user: config/rates.yaml is frozen until finance has signed the quarter.',
  'user: editing config/rates.yaml is a non-starter, finance owns it.',
];

describe('lexical reader: prohibitions in plain speech', () => {
  it.each(PLAIN_PROHIBITIONS)('answers what must not be changed from "%s"', async (rule) => {
    const artifactText = transcriptArtifact(150, { 40: rule });
    const result = await createLexicalTarget().answer({
      artifactText,
      item: makeItem({
        type: 'forbidden_behavior_retention',
        prompt: 'Which settings are we told to keep our changes away from?',
      }),
    });
    expect(result.response).toContain('config/rates.yaml');
  });

  it('says the notes do not say when no passage protects anything', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: config/rates.yaml has the numbers finance tuned last quarter.',
    });
    const result = await createLexicalTarget().answer({
      artifactText,
      item: makeItem({
        type: 'forbidden_behavior_retention',
        prompt: 'Which settings are we told to keep our changes away from?',
      }),
    });
    expect(result.response).toBe('The notes do not say.');
  });
});
