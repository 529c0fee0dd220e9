import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// A proposal the user accepts is kept in the proposal's own words, self-contained; the reply's bare "sounds
// good" is not kept beside it, and what else the reply says is. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function exchange(...turns: [Message['role'], string][]) {
  const transcript: Message[] = turns.map(([role, content], turn) => ({ role, content, turn }));
  return (await method.compact({ transcript }, {})).structuredState;
}
const has = (list: readonly string[], needle: string) => list.some((item) => item.includes(needle));

describe('structured-state: the accepted option, self-contained', () => {
  it('keeps the option in the proposal’s words and the rest of the reply, not the bare acceptance', async () => {
    const state = await exchange(
      ['user', 'The SDK upgrade broke the build.'],
      ['assistant', 'Option one: pin the SDK at 4.2. Option two: vendor the SDK into libs/sdk.'],
      ['user', 'sounds right, take the second option. the release is on Thursday so keep the diff small'],
    );
    // The reply's further words say how the accepted plan is to be carried out: they are kept with it.
    expect(state.lockedDecisions).toEqual([
      'Accepted proposal: vendor the SDK into libs/sdk. — with: the release is on Thursday so keep the diff small',
    ]);
    const kept = JSON.stringify(state);
    expect(kept).not.toContain('take the second option');
    expect(kept).toContain('the release is on Thursday');
  });

  it('reads an emoji reply after a short preamble as agreement', async () => {
    const state = await exchange(
      ['user', 'The dashboard query is slow again.'],
      ['assistant', 'I’d add a partial index on orders(status) so the dashboard query stops scanning.'],
      ['user', 'Re the dashboard: 👍'],
    );
    expect(has(state.lockedDecisions, 'Accepted proposal: add a partial index on orders(status)')).toBe(true);
  });

  it('reads "id" as a word, not "I’d", and keeps a lead that names what the option is about', async () => {
    const backfill = await exchange(
      ['user', 'How would you run the backfill?'],
      [
        'assistant',
        'Proposal: batches of 1,000 after midnight. The job stores the last processed id, so it can resume.',
      ],
      ['user', 'yes'],
    );
    expect(backfill.lockedDecisions).toContain('Accepted proposal: batches of 1,000 after midnight.');
    const secret = await exchange(
      ['user', 'Where should the signing key live?'],
      ['assistant', 'Since we already run Vault, I’d keep the key at kv/app/signing and read it at boot.'],
      ['user', 'sure'],
    );
    expect(has(secret.lockedDecisions, 'Accepted proposal: Since we already run Vault')).toBe(true);
  });

  it('keeps what the accepted proposal found, with its values, as facts', async () => {
    const state = await exchange(
      ['user', 'The nightly export is slow.'],
      [
        'assistant',
        'The export spends 38 seconds in one query on events. I’d add an index on events(account_id).',
      ],
      ['user', 'yes please'],
    );
    expect(state.immutableFacts).toContain('The export spends 38 seconds in one query on events.');
    expect(has(state.lockedDecisions, 'Accepted proposal: add an index on events(account_id)')).toBe(true);
  });

  it('takes a lettered option chosen by its letter, after an opener', async () => {
    const state = await exchange(
      ['user', 'The nightly job double-runs.'],
      [
        'assistant',
        'A: keep cron and add a lock file.\nB: move the job to the scheduler service, which retries for us.',
      ],
      ['user', 'Alright — B it is.'],
    );
    expect(state.lockedDecisions).toContain(
      'Accepted proposal: move the job to the scheduler service, which retries for us.',
    );
    expect(state.forbiddenBehaviors).toContain('Not chosen: keep cron and add a lock file.');
  });

  it('chooses by the first sentence of the reply, not by the reasons after it', async () => {
    const state = await exchange(
      ['user', 'Webhook events go missing when the broker restarts.'],
      [
        'assistant',
        'One way is to retry inline with a two-second cap, which drops events when the broker is down. The other is to spool events to disk and replay them from the outbox.',
      ],
      ['user', 'the one with the outbox. retrying inline drops events when the broker is down'],
    );
    expect(state.lockedDecisions).toEqual([
      'Accepted proposal: spool events to disk and replay them from the outbox. — with: retrying inline drops events when the broker is down',
    ]);
  });

  it('reads "one way around it is … the other is …" as two options', async () => {
    const state = await exchange(
      ['user', 'The thumbnail service runs out of memory on large uploads.'],
      [
        'assistant',
        'One way around it is to cap uploads at 20 MB in the gateway. The other is to stream the resize through libvips so memory stays flat.',
      ],
      ['user', 'the second one, please'],
    );
    expect(state.lockedDecisions).toContain(
      'Accepted proposal: stream the resize through libvips so memory stays flat.',
    );
    expect(state.forbiddenBehaviors).toContain('Not chosen: cap uploads at 20 MB in the gateway.');
  });

  it('does not let a preamble choose: its words are not the option pointed at', async () => {
    const state = await exchange(
      ['user', 'Lookups of exchange rates are slow.'],
      [
        'assistant',
        'One way is to cache the lookups in Redis, which is quick to ship. The other is to precompute the rate table every night.',
      ],
      ['user', 'Quick one from me: the one with the cron job.'],
    );
    expect(has(state.lockedDecisions, 'Accepted proposal: cache the lookups in Redis')).toBe(false);
  });

  it('does not keep the lead of a numbered list of options as a finding', async () => {
    const state = await exchange(
      ['user', 'Search results are stale after an edit.'],
      [
        'assistant',
        'Two ways to go:\n1. Reindex the document on every save.\n2. Run a sweep every ten minutes over the changed rows.',
      ],
      ['user', 'the first one'],
    );
    expect(state.lockedDecisions).toContain('Accepted proposal: Reindex the document on every save.');
    expect(has(state.immutableFacts, 'Two ways to go')).toBe(false);
  });

  it('accepts nothing when the assistant only asked a question, and keeps the rule the reply states', async () => {
    const state = await exchange(
      ['user', 'We are planning the payments migration.'],
      ['assistant', 'Understood — which services should I look at first?'],
      ['user', 'Okay, so — never restart the payments pod during business hours.'],
    );
    expect(state.lockedDecisions).toEqual([]);
    expect(has(state.forbiddenBehaviors, 'never restart the payments pod during business hours')).toBe(true);
  });

  it('keeps the user’s own earlier suggestion as not chosen when they accept a different plan', async () => {
    const state = await exchange(
      ['user', 'the export job is timing out. I’d just raise the lambda timeout to 15 minutes.'],
      [
        'assistant',
        'Raising it hides the problem; I’d split the export into per-tenant chunks of 500 and fan them out on the queue.',
      ],
      ['user', 'ok do that'],
    );
    expect(has(state.lockedDecisions, 'split the export into per-tenant chunks of 500')).toBe(true);
    expect(has(state.forbiddenBehaviors, "Not chosen: I'd just raise the lambda timeout to 15 minutes")).toBe(
      true,
    );
  });
});
