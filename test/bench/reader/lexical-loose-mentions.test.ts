import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function take(artifactText: string, temptingDefault: string) {
  const item = makeItem({ type: 'planning_soundness', prompt: 'What do you do next?', temptingDefault });
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: a tempting default said in other words', () => {
  it('refuses it when a rule names only its distinctive word', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: Before you reach for a library, keep luxon out of this.',
    });
    const result = await take(artifactText, 'add luxon');
    expect(result.response).toMatch(/^I will not add luxon: user: Before you reach for a library/);
    expect(classifyMention(result.response, 'luxon')).toBe('rejected');
  });

  it('refuses it when a rule states it in another form of the same words', async () => {
    const artifactText = transcriptArtifact(120, {
      40: "user: I'd rather we leave the nightly compaction alone, finance reads from it.",
    });
    const result = await take(artifactText, 'pause nightly compaction');
    expect(result.response).toMatch(/^I will not pause nightly compaction/);
  });

  it('refuses a value taken back as soon as it was said', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: pin grpc-js 1.9.14. wait, no, that one leaks sockets, 1.9.15 is the good one.',
    });
    const result = await take(artifactText, 'pin grpc-js 1.9.14');
    expect(result.response).toMatch(/^I will not pin grpc-js 1\.9\.14/);
  });

  it('takes it when the words only appear in unrelated passages', async () => {
    // "add" is everywhere and "luxon" is nowhere: nothing speaks to the action.
    const artifactText = transcriptArtifact(120, { 40: 'user: add a test for the parser please.' });
    expect((await take(artifactText, 'add luxon')).response).toBe('Next step: add luxon.');
  });

  it('takes it when the passage naming it says to do it', async () => {
    const artifactText = transcriptArtifact(120, { 40: 'user: we could bring luxon in for the dates.' });
    expect((await take(artifactText, 'add luxon')).response).toBe('Next step: add luxon.');
  });
});
