import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const searchSpike = {
  20: 'user: Search over the help articles runs on SQLite FTS today. Could you try Meilisearch on a branch and see whether typo tolerance is worth it?',
  21: 'assistant: Sure, porting the indexer to Meilisearch on a branch and comparing relevance.',
  60: 'assistant: Meilisearch ranks typos well, but its index takes 3 GB and a separate process to run.',
};

describe('lexical reader: plans dropped by returning to what was there before', () => {
  it('refuses the alternative tried once the person goes back to the earlier thing', async () => {
    const result = await takeOrRefuse(
      transcriptArtifact(120, {
        ...searchSpike,
        80: 'user: Hmm, back to SQLite FTS then. Add a trigram tokenizer for the typos and remove the branch.',
      }),
      'push the articles into a Meilisearch index',
    );
    expect(result.response).toMatch(/^I will not/);
    expect(result.response).toContain('trigram tokenizer');
    expect(classifyMention(result.response, 'Meilisearch')).not.toBe('affirmed');
    expect(result.evidence.map((entry) => entry.line)).toEqual([80]);
  });

  it('answers a question about the plan with the line that returned from it', async () => {
    const result = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(120, {
        20: 'user: Our nightly invoices go out from a cron job. Could we move them to a Temporal workflow so retries are visible?',
        21: 'assistant: Drafting the Temporal workflow for the nightly invoices.',
        80: 'user: Platform said no new clusters this year. So the cron job like before, with a retry wrapper.',
      }),
      item: makeItem({ prompt: 'What will run the nightly invoices?' }),
    });
    expect(result.response).toContain('retry wrapper');
    expect(classifyMention(result.response, 'Temporal workflow')).not.toBe('affirmed');
  });

  it('reads the thing returned to when it is named before the words ("X like before")', async () => {
    const result = await takeOrRefuse(
      transcriptArtifact(120, {
        20: 'user: The invoices go out from a cron job at 02:00. Could we move that to a Temporal workflow so retries are visible?',
        21: 'assistant: Drafting the Temporal workflow for the invoice run.',
        80: 'user: Platform said no new clusters this year. So the cron job like before, with a retry wrapper.',
      }),
      'register the invoice run as a Temporal workflow',
    );
    expect(result.response).toMatch(/^I will not/);
    expect(classifyMention(result.response, 'Temporal workflow')).not.toBe('affirmed');
  });

  it('does not read a topic opened with a colon, or a refused return, as a return', async () => {
    const action = 'push the articles into a Meilisearch index';
    const topic = { ...searchSpike, 80: 'user: Back to SQLite FTS: its index file is 40 MB today.' };
    expect((await takeOrRefuse(transcriptArtifact(120, topic), action)).response).toMatch(/^Next step:/);
    const refused = { ...searchSpike, 80: 'user: Typos matter to support, so not back to SQLite FTS.' };
    expect((await takeOrRefuse(transcriptArtifact(120, refused), action)).response).toMatch(/^Next step:/);
    const returned = {
      ...searchSpike,
      80: 'user: Back to SQLite FTS. Its index file is 40 MB, remove the branch.',
    };
    expect((await takeOrRefuse(transcriptArtifact(120, returned), action)).response).toMatch(/^I will not/);
  });

  it('does not read a return to an unrelated topic as dropping the plan made since', async () => {
    const action = 'push the articles into a Meilisearch index';
    const notes = { 10: 'user: The release notes for help articles go out on Fridays.', ...searchSpike };
    const topic = { ...notes, 80: 'user: Back to the release notes. The changelog is 40 lines long.' };
    expect((await takeOrRefuse(transcriptArtifact(120, topic), action)).response).toMatch(/^Next step:/);
    const plan = { ...notes, 80: 'user: Back to SQLite FTS. Remove the branch.' };
    expect((await takeOrRefuse(transcriptArtifact(120, plan), action)).response).toMatch(/^I will not/);
  });

  it('keeps the alternative when a person takes it up again after the return', async () => {
    const action = 'push the articles into a Meilisearch index';
    const returned = {
      ...searchSpike,
      80: 'user: Hmm, back to SQLite FTS then. Add a trigram tokenizer for the typos.',
    };
    expect((await takeOrRefuse(transcriptArtifact(120, returned), action)).response).toMatch(/^I will not/);
    const resumed = {
      ...returned,
      100: "user: Support insists on typo tolerance, so let's use Meilisearch after all, on its own small VM.",
    };
    expect((await takeOrRefuse(transcriptArtifact(120, resumed), action)).response).toMatch(/^Next step:/);
  });
});

describe('lexical reader: plans dropped by a word of the message that made them', () => {
  const memoPlan = {
    20: 'user: Pricing lookups are slow. Plan: memoize them in memcached with a 10-minute expiry.',
    21: 'assistant: Adding a memcached client in front of the pricing service.',
  };

  it('refuses a step of the plan its dropping line names by another word', async () => {
    const result = await takeOrRefuse(
      transcriptArtifact(120, {
        ...memoPlan,
        80: 'user: Legal says forget the memoize idea, quotes must use the price at the second they are made. Compute each price fresh per request and log the lookup time.',
      }),
      'read memcached first, else compute and keep it for 10 minutes',
    );
    expect(result.response).toMatch(/^I will not/);
    expect(result.response).toContain('fresh per request');
  });

  it('does not restate a step of the refused action as one to take', async () => {
    // "I will not read memcached first, otherwise … store it with a 10-minute expiry" reads as storing it.
    const result = await takeOrRefuse(
      transcriptArtifact(120, {
        ...memoPlan,
        80: 'user: Legal says forget the memoize idea, quotes must use the price at the second they are made. Compute each price fresh per request.',
      }),
      'read memcached first, otherwise compute it and store it with a 10-minute expiry',
    );
    expect(result.response).toMatch(/^I will not/);
    expect(classifyMention(result.response, 'store it with a 10-minute expiry')).not.toBe('affirmed');
  });

  it('keeps a plan the dropping sentence itself puts forward', async () => {
    const action = 'read memcached first, else compute and keep it for 10 minutes';
    const first = 'user: Pricing lookups are slow. Maybe memoize them in memcached, or in process.';
    const kept = { 20: first, 80: 'user: On second thought, memoize them in memcached.' };
    expect((await takeOrRefuse(transcriptArtifact(120, kept), action)).response).toMatch(/^Next step:/);
    const dropped = {
      20: first,
      80: 'user: On second thought, no memcached. Compute each price fresh per request.',
    };
    expect((await takeOrRefuse(transcriptArtifact(120, dropped), action)).response).toMatch(/^I will not/);
  });
});
