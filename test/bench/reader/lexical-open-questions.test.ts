import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { asksOpenQuestion, statesBeforeAsking } from '../../../src/bench/reader/question-shape.js';
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

  it('answers from a statement that a question follows, as from any statement', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: Orchard Dental renews today per the old monthly terms, Priya says.',
      90: 'user: Noting it here: Orchard Dental renews on 2027-03-14 under the new annual plan. Anything we must do before then?',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'When does Orchard Dental renew?',
      check: { kind: 'contains_normalized', value: '2027-03-14' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('2027-03-14');
  });

  it('tells a statement followed by a question from a lead-in followed by one', () => {
    expect(statesBeforeAsking('The cutover is booked for the 14th with the vendor. Who tells support?')).toBe(
      true,
    );
    expect(statesBeforeAsking('Quick one. Who tells support?')).toBe(false);
    expect(statesBeforeAsking('Who tells support? The cutover is booked.')).toBe(false);
  });
});
