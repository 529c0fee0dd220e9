import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** The reader's answer to which engine the index uses, with `change` said after the decision. */
async function engineAfter(change: string) {
  const artifactText = transcriptArtifact(150, {
    20: 'user: Two calls for the catalogue: we go with Meilisearch for the product index, and the beta opens on 2026-02-16.',
    60: change,
  });
  const item = makeItem({
    prompt: 'Which engine do we use for the product index?',
    cues: ['go with', 'product index'],
  });
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: a change of plan that keeps the rest changes only what it names', () => {
  it('keeps the decision a later change leaves alone in so many words', async () => {
    const result = await engineAfter(
      'user: Before we go on: change of plan on the beta, we open it on 2026-03-02 instead of 2026-02-16, the load tests are not done. Everything else stays as it is.',
    );
    expect(result.response).toContain('Meilisearch');
  });

  it('still takes a later change about the thing asked as the current decision', async () => {
    const result = await engineAfter(
      'user: Change of plan: go with Typesense for the product index instead, everything else stays as it is.',
    );
    expect(result.response).toContain('Typesense');
  });
});
