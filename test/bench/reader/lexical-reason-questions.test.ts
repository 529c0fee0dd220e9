import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { asksWhy } from '../../../src/bench/reader/reason-clauses.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, prompt: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt });
  return (await createLexicalTarget().answer({ artifactText, item })).response;
}

describe('lexical reader: "why" questions are answered by a passage that gives a reason', () => {
  it('reads a question as asking why only when that is its main ask', () => {
    expect(asksWhy('Why is the export cached per tenant?')).toBe(true);
    expect(asksWhy('Which folder is off limits, and why?')).toBe(false);
  });

  it('prefers the review that says why over a commit line naming the same things', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'tool git: 9f8e7d6 Cache tenant totals per region',
      70: 'tool fetch_review: Caching the tenant totals is not safe, since a refund posted after midnight never reaches them.',
    });
    const response = await ask(artifactText, 'Why is caching the tenant totals a problem?');
    expect(response).toContain('refund posted after midnight');
  });
});
