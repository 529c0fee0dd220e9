import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { asksWhatRemains } from '../../../src/bench/reader/question-shape.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: what remains is not what someone reports done', () => {
  it('answers what is still open from what waits, not from work already done', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: Harbor Print says their label PDFs come out blank.',
      60: 'assistant: The patch for Harbor Print is PR 8812 and it is waiting for a review from the web team.',
      100: 'user: Mina Kowalski already emailed Harbor Print a workaround for the Safari labels.',
    });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: "What is still open on Harbor Print's Safari problem?",
      check: { kind: 'contains_normalized', value: 'PR 8812' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('PR 8812');
  });

  it('reads which questions ask what is still to be done', () => {
    expect(asksWhatRemains("What's left before we can cut the release?")).toBe(true);
    expect(asksWhatRemains('Which migration step remains?')).toBe(true);
    expect(asksWhatRemains("What's still on the list for this week?")).toBe(true);
    expect(asksWhatRemains('Is the invoice still on the old template?')).toBe(false);
    expect(asksWhatRemains('Who wrote the migration?')).toBe(false);
  });
});
