import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: the newest decision wins', () => {
  const item = makeItem({
    type: 'locked_decision_retention',
    prompt: 'What change makes the tariff dashboard load faster?',
  });

  it('but a later passage that decides nothing is no newer decision, though a later decision is', async () => {
    const artifactText = transcriptArtifact(160, {
      20: '[turn 2] assistant: Batching the widget queries into one request cuts the tariff dashboard load time.',
      150: '[turn 19] user: fyi the tariff dashboard colours are off on small screens.',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('Batching the widget queries');
    // A later decision about it still wins.
    const decided = transcriptArtifact(160, {
      20: '[turn 2] assistant: Batching the widget queries into one request cuts the tariff dashboard load time.',
      150: "[turn 19] user: actually, let's cache the tariff dashboard widgets instead, that change is smaller.",
    });
    const later = await createLexicalTarget().answer({ artifactText: decided, item });
    expect(later.response).toContain('cache the tariff dashboard widgets');
  });
});
