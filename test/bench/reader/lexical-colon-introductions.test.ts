import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a sentence that ends in a colon', () => {
  it('is quoted with what it introduces', async () => {
    const artifactText = transcriptArtifact(140, {
      60: '[turn 7] assistant calls read_file {"path":"docs/search-tuning.md"}',
      61: '[turn 7] tool read_file: Keep the shared pool small and give the nightly crawler a bigger quota of its own, like this:',
      62: 'quota set crawler_nightly --max-fetches 9000',
      63: 'Other jobs keep the defaults.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which job gets a bigger quota of its own?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('crawler_nightly');
  });

  it('is quoted with what follows it in the same message only', async () => {
    const nextMessage = transcriptArtifact(140, {
      40: '[turn 5] user: The nightly crawler needs a bigger quota, here is what I have in mind:',
      41: '[turn 5] assistant: Noted, the Brisket dashboard is down again.',
    });
    const sameMessage = transcriptArtifact(140, {
      40: '[turn 5] user: The nightly crawler needs a bigger quota, here is what I have in mind:',
      41: 'quota set crawler_nightly --max-fetches 9000',
    });
    const item = makeItem({ type: 'immutable_fact_recall', prompt: 'Which job needs a bigger quota?' });
    const target = createLexicalTarget();
    const across = await target.answer({ artifactText: nextMessage, item });
    expect(across.response).toContain('nightly crawler');
    expect(across.response).not.toContain('Brisket');
    const within = await target.answer({ artifactText: sameMessage, item });
    expect(within.response).toContain('crawler_nightly');
  });

  it('lends a label its words to what it introduces ("Out of scope:" then the item)', async () => {
    // "ops", "3120" and "scope" are elsewhere too: neither the ticket id nor the label alone decides.
    const code = Object.fromEntries(
      [10, 14, 18].map((line) => [line, `tool: ops/auth/token_${line}.py:4:    scope: str`]),
    );
    const artifactText = transcriptArtifact(160, {
      ...code,
      30: 'tool: [info] worker 2 processed batch 3120 in 41 ms',
      50: '[turn 5] user: can you read the ticket I am on and tell me what is in it?',
      51: '[turn 5] assistant calls fetch_ticket {"id":"OPS-3120"}',
      52: '[turn 5] tool fetch_ticket: OPS-3120: Move the nightly ledger export to the new cluster',
      53: 'Out of scope:',
      54: 'the archive compactor. It is run by the storage guild and has its own change window every second month.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'What does OPS-3120 list as out of scope?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('archive compactor');
  });
});
