import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: what a sentence is about is no task of a list', () => {
  it('keeps "For <test>," in a decision quoted after a commit that shares its words', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'tool: ✓ billing > merges zero-rated totals across currencies 14ms',
      60: 'user: For merges zero-rated totals across currencies, we decided to skip it in CI for now rather than delete it; Marta Ruiz will rewrite it later.',
      // A merge commit: work done, and it shares words with the test's title.
      100: 'tool: 9f3e2a1 Merge pull request #812 from ana/zero-rated-totals',
    });
    const item = makeItem({ prompt: 'Which test did we decide to skip in CI?', cues: ['decided', 'skip'] });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toContain('merges zero-rated totals across currencies');
  });
});
