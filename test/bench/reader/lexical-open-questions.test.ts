import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { asksOpenQuestion } from '../../../src/bench/reader/question-shape.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: an open question states nothing', () => {
  it('answers what is next from the plan, not from a later message asking the same thing', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: For the search reindex: first snapshot the catalog, then rebuild the synonym table, then flip the alias.',
      21: 'assistant: Snapshot is done.',
      110: 'user: Morning, so where are we: what is the next step of the search reindex? No rush.',
    });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: 'What is the next step of the search reindex?',
      check: { kind: 'contains_normalized', value: 'synonym table' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('synonym table');
  });

  it('tells a question that asks for something unknown from one that puts something forward', () => {
    expect(asksOpenQuestion('Quick one: which bucket do the exports land in?')).toBe(true);
    expect(asksOpenQuestion('so, how far along is the reindex? no rush')).toBe(true);
    expect(asksOpenQuestion('Should we stub the mailer with a fake transport?')).toBe(false);
    expect(asksOpenQuestion('The exports land in the archive bucket.')).toBe(false);
    // A statement the question follows is a statement all the same.
    expect(
      asksOpenQuestion('The archive holds 90 days of exports. Which bucket should the rest go to?'),
    ).toBe(false);
    expect(asksOpenQuestion('[turn 3] user: Heads-up: where do the exports land? Thanks, that is all.')).toBe(
      true,
    );
  });
});
