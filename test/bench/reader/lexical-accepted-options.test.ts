import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** A verbatim transcript of 120 noise lines with `inserts` at the given lines, read by the lexical reader. */
async function ask(inserts: Record<number, string>, prompt: string) {
  const item = makeItem({ prompt, type: 'locked_decision_retention' });
  return createLexicalTarget().answer({ artifactText: transcriptArtifact(120, inserts), item });
}

async function take(inserts: Record<number, string>, action: string) {
  const item = makeItem({
    type: 'planning_soundness',
    prompt: 'Write the next step for the search service.',
    temptingDefault: action,
    check: { kind: 'forbidden_absent', value: action },
  });
  return createLexicalTarget().answer({ artifactText: transcriptArtifact(120, inserts), item });
}

// Three options on lines of their own, after a line that says options follow.
const listed = {
  30: 'user: Search results take four seconds on the orders page; can we speed them up?',
  31: 'assistant: I see a few ways to fix it:',
  32: 'Add a trigram index on orders.reference and keep querying Postgres.',
  33: 'Move order search to an OpenSearch cluster fed by the outbox events.',
  34: 'Precompute the top results nightly into a lookup table.',
};

describe('lexical reader: options the user picks by reference', () => {
  it('answers which option was chosen with the option named by its place ("your second option")', async () => {
    const inserts = { ...listed, 35: 'user: Right: go with your second option, the index would not scale.' };
    const result = await ask(inserts, 'Which search approach did we choose for orders?');
    expect(result.response).toContain('OpenSearch cluster');
    expect(result.response).not.toContain('trigram');
  });

  it('refuses a passed-over option, quoting the acceptance and naming the chosen one as the next step', async () => {
    const inserts = { ...listed, 35: 'user: Right: go with your second option, the index would not scale.' };
    const result = await take(inserts, 'add a trigram index on orders.reference');
    expect(result.response).toMatch(
      /^I will not add a trigram index on orders\.reference: user: Right: go with your second option.*Next step: Move order search to an OpenSearch cluster/,
    );
    expect(classifyMention(result.response, 'add a trigram index on orders.reference')).toBe('rejected');
    // The chosen option itself is taken.
    expect((await take(inserts, 'move order search to an OpenSearch cluster')).response).toBe(
      'Next step: move order search to an OpenSearch cluster.',
    );
  });

  it('reads "the latter", "the first one" and a lettered option after a lead-in ("Okay, so — B it is")', async () => {
    const either = {
      40: 'assistant: Either we shard the sessions table by tenant, or we move sessions into Redis with a one-day expiry.',
      41: 'user: the latter, honestly.',
    };
    expect((await take(either, 'shard the sessions table by tenant')).response).toMatch(
      /^I will not shard the sessions table by tenant: user: the latter, honestly\. Next step: we move sessions into Redis/,
    );
    const sentences = {
      40: 'assistant: We could retry failed webhooks from a cron job every ten minutes. Or we could push them onto a dead-letter queue and replay them by hand.',
      41: 'user: The first one please.',
    };
    expect((await take(sentences, 'push failed webhooks onto a dead-letter queue')).response).toMatch(
      /^I will not push failed webhooks onto a dead-letter queue: .*Next step: We could retry failed webhooks from a cron job/,
    );
    const lettered = {
      40: 'assistant: A: pin the image to node 20.11 and rebuild every service.',
      41: 'B: move the base image to node 22 and fix the two packages that break.',
      42: 'user: Okay, so — B it is. The security team wants 22 anyway.',
    };
    const result = await ask(lettered, 'Which base image decision did we settle on?');
    expect(result.response).toContain('node 22');
    expect(result.response).not.toContain('20.11');
  });

  it('reads the many short ways to name an option, and a negated one as the option not taken', async () => {
    const lettered = {
      40: 'assistant: A: pin the image to node 20.11 and rebuild every service.',
      41: 'B: move the base image to node 22 and fix the two packages that break.',
    };
    for (const reply of [
      'user: Second one.',
      'user: #2',
      'user: B sounds good.',
      'user: not the first one, the second.',
      'user: Latter.',
      "user: Let's do B",
    ]) {
      const result = await take({ ...lettered, 42: reply }, 'pin the image to node 20.11');
      expect(result.response, reply).toMatch(
        /^I will not pin the image to node 20\.11: .*Next step: move the base image to node 22/,
      );
    }
    // "First, …" begins a sentence; it picks nothing.
    const opening = await take(
      { ...lettered, 42: 'user: First, can you check which services use node 18?' },
      'pin the image to node 20.11',
    );
    expect(opening.response).toBe('Next step: pin the image to node 20.11.');
  });

  it('picks an option by its words ("the one with the replica") and a recommendation pointed back to later', async () => {
    const content = {
      40: 'assistant: Two options. One way is to cache the report in the API process for an hour. The other is to run the report against a read replica, so the primary is left alone.',
      41: 'user: the one with the read replica, caching hides stale numbers.',
    };
    expect((await take(content, 'cache the report in the API process')).response).toMatch(
      /^I will not cache the report in the API process: .*Next step: The other is to run the report against a read replica/,
    );
    const later = {
      40: "assistant: Date-based names collide when two people cut a branch the same day. I'd name branches by ticket number and a short slug, like PAY-412-refund-rounding.",
      41: 'user: What about hotfixes that have no ticket?',
      42: 'assistant: Those get a ticket too, even a one-line one, so the name still works.',
      43: 'user: ok, what you suggested then.',
    };
    const result = await ask(later, 'How do we name branches now?');
    expect(result.response).toContain('PAY-412-refund-rounding');
  });

  it('matches an option by an adjective in another degree ("the simpler one" for the option that says "simplest")', async () => {
    const inserts = {
      40: 'assistant: Two options for the flaky upload test:',
      41: 'Mock the storage client in the test. Simplest, and the test stops touching the network.',
      42: 'Run a local MinIO container in CI and keep the test end to end. Slower, but it covers the real client.',
      43: 'user: the simpler one, we can add an end to end check later.',
    };
    expect((await take(inserts, 'run a local MinIO container in CI')).response).toMatch(
      /^I will not run a local MinIO container in CI: .*Next step: Mock the storage client in the test/,
    );
  });

  it('reads candidates announced by a count and picked by a comparative ("the cheaper one")', async () => {
    const inserts = {
      40: 'assistant: I compared two queue providers for the mailer. SQS costs about $40 a month at our volume and needs no servers. A self-hosted RabbitMQ node costs about $95 a month with the instance and backups. Either works for the load we have.',
      41: 'user: ok, the cheaper one. Keep a dead-letter queue on it.',
    };
    const result = await ask(inserts, 'Which queue provider did we go with for the mailer?');
    expect(result.response).toContain('SQS costs about $40');
    expect((await take(inserts, 'set up a self-hosted RabbitMQ node')).response).toMatch(
      /^I will not set up a self-hosted RabbitMQ node: user: ok, the cheaper one.*Next step: SQS costs about \$40/,
    );
    // A count of something else announces no options: "the second one" then points at nothing.
    const counted = {
      40: 'assistant: The export took two hours yesterday. The row counts match. The totals are off by one cent.',
      41: 'user: the second one, please.',
    };
    expect((await take(counted, 'check the row counts')).response).toBe('Next step: check the row counts.');
  });

  it('reads "we should…" and "how about…" as a recommendation the user can accept', async () => {
    const should = {
      40: 'assistant: Fetching the token on every request would add 200 ms to each call. We should cache it in Redis for fifty minutes.',
      41: 'user: yes, do that.',
    };
    expect((await take(should, 'fetch the token on every request')).response).toMatch(
      /^I will not fetch the token on every request: user: yes, do that\. Next step: We should cache it in Redis/,
    );
    const howAbout = {
      40: 'assistant: How about we move the cleanup cron to 02:00 UTC, when traffic is lowest? Running the cleanup cron at noon would slow checkout.',
      41: 'user: sure.',
    };
    expect((await take(howAbout, 'run the cleanup cron at noon')).response).toMatch(
      /^I will not run the cleanup cron at noon: user: sure\. Next step: How about we move the cleanup cron to 02:00 UTC/,
    );
  });

  it("refuses the user's own idea once they accept the alternative the assistant proposed instead", async () => {
    const inserts = {
      40: "user: The nightly export keeps timing out. I'd just bump the worker timeout to 30 minutes.",
      41: "assistant: A longer timeout only hides the slow query. I'd add an index on exports.created_at and keep the timeout as it is.",
      42: 'user: works for me.',
    };
    expect((await take(inserts, 'bump the worker timeout to 30 minutes')).response).toMatch(
      /^I will not bump the worker timeout to 30 minutes: user: works for me\. Next step: I'd add an index on exports\.created_at/,
    );
  });

  it("takes the accepted option even when it shares the problem's words with the user's own idea", async () => {
    const inserts = {
      40: "user: The new search ranking is code complete. I'd just flip it on for everyone.",
      41: "assistant: I'd stage it: 1% of users on Monday, half of them on Wednesday if conversion holds, then everyone.",
      42: 'user: works for me.',
    };
    expect((await take(inserts, 'turn the new search ranking on for 1% of users')).response).toBe(
      'Next step: turn the new search ranking on for 1% of users.',
    );
    expect((await take(inserts, 'flip the new search ranking on for everyone at once')).response).toMatch(
      /^I will not flip the new search ranking on for everyone at once: user: works for me\. Next step: I'd stage it/,
    );
  });
});

describe('lexical reader: options nobody accepted', () => {
  const options = {
    40: 'assistant: Either we shard the sessions table by tenant, or we move sessions into Redis with a one-day expiry.',
  };

  it('takes the default when the user turns the options down or agrees with a condition', async () => {
    for (const reply of [
      'user: and the latter, how much memory would it need?',
      'user: neither, let us leave sessions alone this quarter.',
      'user: hm, let me think about the latter over the weekend.',
      'user: sounds good, but only after the migration freeze.',
    ]) {
      const result = await take({ ...options, 41: reply }, 'shard the sessions table by tenant');
      expect(result.response, reply).toBe('Next step: shard the sessions table by tenant.');
    }
    // A reply that turns the proposal down is no choice between its options, but it is a no to both.
    const declined = await take(
      { ...options, 41: 'user: no, not now.' },
      'shard the sessions table by tenant',
    );
    expect(declined.response).toBe('I will not shard the sessions table by tenant: user: no, not now.');
  });

  it('does not read a "sounds good" to options with no recommendation, or to a later message, as a choice', async () => {
    expect(
      (await take({ ...options, 41: 'user: sounds good.' }, 'shard the sessions table by tenant')).response,
    ).toBe('Next step: shard the sessions table by tenant.');
    const recommended = {
      40: "assistant: Raising the pool size to 200 would hide the leak. I'd find the connection that never closes instead.",
      41: 'user: Can you run the tests first?',
      42: 'assistant: All 48 tests pass.',
      43: 'user: sounds good.',
    };
    expect((await take(recommended, 'raise the pool size to 200')).response).toBe(
      'Next step: raise the pool size to 200.',
    );
  });

  it('takes a passed-over option back up when a later change of plan says so', async () => {
    const inserts = {
      ...options,
      41: 'user: the latter.',
      80: "user: change of plan: we'll shard the sessions table by tenant after all, Redis is out of budget.",
    };
    expect((await take(inserts, 'shard the sessions table by tenant')).response).toBe(
      'Next step: shard the sessions table by tenant.',
    );
  });

  it('sets aside only what a recommendation argues against, not the context it starts from', async () => {
    const inserts = {
      40: "assistant: The deploy fails on the lint step since the runner moved to Node 22. Turning the lint step off would let it through, but the errors ship. I'd fix the four lint errors in billing.ts.",
      41: 'user: 👍',
    };
    expect((await take(inserts, 'turn the lint step off')).response).toMatch(
      /^I will not turn the lint step off: user: 👍\. Next step: I'd fix the four lint errors/,
    );
    // "The deploy fails … since the runner moved to Node 22" is the situation, not an option: a step about it
    // is taken.
    expect((await take(inserts, 'pin the deploy runner to Node 20')).response).toBe(
      'Next step: pin the deploy runner to Node 20.',
    );
  });

  it('does not read a counter-proposal that reuses the words of a recommendation as accepting it', async () => {
    const inserts = {
      40: "assistant: I'd add a retry with backoff to the uploader and keep the current bucket.",
      41: "user: let's use the uploader's job queue instead, retries there are free.",
    };
    const result = await ask(inserts, 'What did we decide about the uploader queue?');
    expect(result.response).toContain("uploader's job queue");
    expect(result.response).not.toContain('retry with backoff');
  });

  it('reads a reply that opens with code or a quote as no agreement', async () => {
    const inserts = {
      40: "assistant: Raising the pool size to 200 would hide the leak. I'd find the connection that never closes instead.",
      41: 'user: `pool.ts` still has the old limit, by the way.',
    };
    expect((await take(inserts, 'raise the pool size to 200')).response).toBe(
      'Next step: raise the pool size to 200.',
    );
  });

  it('reads an agreement that follows an aside ("Unrelated, the office is closed Friday. Anyway: yes, do that")', async () => {
    const proposal =
      "assistant: Raising the pool size to 200 would hide the leak. I'd find the connection that never closes instead.";
    for (const reply of [
      'user: Unrelated, the office is closed on Friday. Anyway: yes, do that.',
      'user: No rush on this. Sounds good.',
      'user: Oh yes, do that.',
    ]) {
      expect((await take({ 40: proposal, 41: reply }, 'raise the pool size to 200')).response, reply).toMatch(
        /^I will not raise the pool size to 200: .*Next step: I'd find the connection that never closes/,
      );
    }
  });

  it('does not read "Okay, so — X yes, Y stays" as agreeing to the whole recommendation', async () => {
    const inserts = {
      40: "assistant: I'd add an index on jobs.status and raise the worker timeout to 60s while we're at it.",
      41: 'user: Okay, so — index yes. The worker timeout stays where it is.',
    };
    const result = await ask(inserts, 'What did we decide about the worker timeout?');
    expect(result.response).not.toContain('raise the worker timeout');
  });

  it('reads a yes to one part of a recommendation as accepting that part only', async () => {
    const inserts = {
      40: "assistant: I'd add an index on jobs.status, and while we're at it bump the worker timeout to 60s.",
      41: 'user: the index, yes. Leave the timeout where it is for now.',
    };
    expect((await take(inserts, 'bump the worker timeout to 60s')).response).toMatch(
      /^I will not bump the worker timeout to 60s: user: the index, yes\..*Next step: I'd add an index on jobs\.status\.?$/,
    );
    expect((await take(inserts, 'add an index on jobs.status')).response).toBe(
      'Next step: add an index on jobs.status.',
    );
  });
});
