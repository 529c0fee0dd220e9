import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** A fact question about a verbatim transcript of 120 noise lines with `inserts` at the given lines. */
async function askFact(inserts: Record<number, string>, prompt: string) {
  const item = makeItem({ prompt, type: 'immutable_fact_recall' });
  return createLexicalTarget().answer({ artifactText: transcriptArtifact(120, inserts), item });
}

// Two options, each stating its own facts; the one passed over comes last, so recency alone would pick it.
const options = {
  50: 'assistant: There are two ways to store these:',
  51: 'The archive tier keeps each backup for 400 days and restores within twelve hours, billed at $9 a month.',
  52: 'The standard tier keeps each backup for 30 days and restores at once, billed at $42 a month.',
  53: 'user: the archive one. nobody restores these in a hurry.',
  54: 'assistant: Understood, I will set that up.',
};

describe('lexical reader: facts of an accepted option', () => {
  it('answers a fact about the option the user accepted from that option, not the one passed over', async () => {
    const price = await askFact(options, 'How much is the monthly bill for the backup storage tier?');
    expect(price.response).toContain('$9 a month');
    expect(price.response).not.toContain('$42');
    const keep = await askFact(options, 'How long is each scan backup kept?');
    expect(keep.response).toContain('400 days');
    expect(keep.response).not.toContain('30 days');
  });

  it('answers from the earlier message when it shares much more with the question than the option does', async () => {
    const stated = {
      ...options,
      45: 'user: each nightly scan archive is 2.4 TB now and the upload window is too short for it.',
    };
    const size = await askFact(stated, 'How large is a scan archive?');
    expect(size.response).toContain('2.4 TB');
  });

  it('leaves the facts of a proposal nobody accepted as they were: the latest statement answers', async () => {
    const open = { ...options, 53: 'user: let me think about it over the weekend.' };
    const keep = await askFact(open, 'How long is each scan backup kept?');
    expect(keep.response).toContain('30 days');
  });
});
