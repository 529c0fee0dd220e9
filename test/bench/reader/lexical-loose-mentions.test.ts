import { describe, expect, it } from 'vitest';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a tempting default said in other words', () => {
  it('refuses it when a rule names only its distinctive word', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: Before you reach for a library, keep luxon out of this.',
    });
    const result = await takeOrRefuse(artifactText, 'add luxon');
    expect(result.response).toMatch(/^I will not add luxon: user: Before you reach for a library/);
    expect(classifyMention(result.response, 'luxon')).toBe('rejected');
  });

  it('refuses it when a rule states it in another form of the same words', async () => {
    const artifactText = transcriptArtifact(120, {
      40: "user: I'd rather we leave the nightly compaction alone, finance reads from it.",
    });
    const result = await takeOrRefuse(artifactText, 'pause nightly compaction');
    expect(result.response).toMatch(/^I will not pause nightly compaction/);
  });

  it('refuses a value taken back as soon as it was said', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: pin grpc-js 1.9.14. wait, no, that one leaks sockets, 1.9.15 is the good one.',
    });
    const result = await takeOrRefuse(artifactText, 'pin grpc-js 1.9.14');
    expect(result.response).toMatch(/^I will not pin grpc-js 1\.9\.14/);
  });

  it('takes it when the words only appear in unrelated passages', async () => {
    // "add" is everywhere and "luxon" is nowhere: nothing speaks to the action.
    const artifactText = transcriptArtifact(120, { 40: 'user: add a test for the parser please.' });
    expect((await takeOrRefuse(artifactText, 'add luxon')).response).toBe('Next step: add luxon.');
  });

  it('takes it when the passage naming it says to do it', async () => {
    const artifactText = transcriptArtifact(120, { 40: 'user: we could bring luxon in for the dates.' });
    expect((await takeOrRefuse(artifactText, 'add luxon')).response).toBe('Next step: add luxon.');
  });
});

describe('lexical reader: a proposal the user agreed to', () => {
  const proposal =
    'assistant: The export stalls on the biggest account. Bumping the worker memory to 8 GB would hide it, ' +
    "but the next account that size hits it again. I'd suggest streaming the rows in pages of 5,000 instead " +
    'of loading them all.';

  it('refuses the option the proposal advised against once the user agrees', async () => {
    const artifactText = transcriptArtifact(120, { 40: proposal, 41: 'user: sounds good, go ahead' });
    const result = await takeOrRefuse(artifactText, 'bump the worker memory to 8 GB');
    // The acceptance is why; the recommendation is the next step.
    expect(result.response).toMatch(
      /^I will not bump the worker memory to 8 GB: user: sounds good, go ahead\. Next step: .*I'd suggest streaming/,
    );
    // A proposal long enough to be read sentence by sentence: the recommendation is a passage of its own.
    const long = `${proposal} That keeps memory flat whatever the account size, and the job gets a progress log per page.`;
    const artifact = transcriptArtifact(120, { 40: long, 41: 'user: sounds good, go ahead' });
    expect((await takeOrRefuse(artifact, 'bump the worker memory to 8 GB')).response).toMatch(
      /^I will not bump the worker memory to 8 GB: user: sounds good, go ahead\. Next step: I'd suggest streaming/,
    );
  });

  it('takes it when nobody agreed, or the reply says more than yes', async () => {
    for (const reply of ['user: hm, let me think about it overnight', 'tool: PASS test/export.test.ts']) {
      const artifactText = transcriptArtifact(120, { 40: proposal, 41: reply });
      expect((await takeOrRefuse(artifactText, 'bump the worker memory to 8 GB')).response).toBe(
        'Next step: bump the worker memory to 8 GB.',
      );
    }
  });
});

describe('lexical reader: a rule about a thing the action does', () => {
  // The action's other words are said elsewhere, so the rule is not a mention of the action as a whole.
  const pushed = 'assistant: pushed fix/login-redirect to origin, CI is running on it.';

  it('refuses an action holding two words side by side that a rule rejects', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: never push straight to release-train, fixes go through the merge queue like everything else.',
      60: pushed,
    });
    const result = await takeOrRefuse(artifactText, 'git push origin fix/login-redirect:release-train');
    expect(result.response).toMatch(
      /^I will not git push origin fix\/login-redirect:release-train: user: never/,
    );
  });

  it('takes it when the rule shares no two such words with it', async () => {
    const artifactText = transcriptArtifact(120, {
      40: 'user: never push straight to main, fixes go through the merge queue like everything else.',
      60: pushed,
    });
    const result = await takeOrRefuse(artifactText, 'git push origin fix/login-redirect:release-train');
    expect(result.response).toBe('Next step: git push origin fix/login-redirect:release-train.');
  });
});
