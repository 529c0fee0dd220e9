import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// What accepting a proposal keeps besides the option: the details the user adds to it, and the agent's message
// without the options passed over. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function exchange(...turns: ['user' | 'assistant', string][]) {
  const transcript: Message[] = turns.map(([role, content], turn) => ({ role, content, turn }));
  return (await method.compact({ transcript }, {})).structuredState;
}

describe('structured-state: accepting a proposal', () => {
  it('keeps the details a user adds when accepting with the accepted option', async () => {
    const state = await exchange(
      ['user', 'The nightly import keeps timing out on the big tenants.'],
      [
        'assistant',
        'Option one: raise the job timeout to two hours. Option two: split the import into per-tenant batches and run them in parallel.',
      ],
      ['user', 'second one. Noor Haddad can babysit the first parallel run, she knows that job best.'],
    );
    expect(state.lockedDecisions).toEqual([
      'Accepted proposal: split the import into per-tenant batches and run them in parallel. — with: Noor Haddad can babysit the first parallel run, she knows that job best.',
    ]);
  });

  it('takes the option passed over out of the agent message that listed it', async () => {
    const state = await exchange(
      ['user', 'Which queue size should the mailer pod get?'],
      [
        'assistant',
        'I tried two sizes under load. the small pod at $0.12 an hour drains the queue in 40 minutes. the large pod at $0.45 an hour drains it in 11 minutes.',
      ],
      ['user', 'the cheaper one, mail can wait.'],
    );
    const text = JSON.stringify(state.immutableFacts);
    expect(text).not.toContain('the large pod at $0.45');
    expect(state.forbiddenBehaviors).toEqual([
      'Not chosen: the large pod at $0.45 an hour drains it in 11 minutes.',
    ]);
  });

  it('reads "neither of those" as turning down every option put forward', async () => {
    const state = await exchange(
      ['user', 'The search page times out on long queries.'],
      [
        'assistant',
        'Two ways to fix it: we could add a trigram index on titles, or we could move search to Meilisearch.',
      ],
      ['user', 'neither of those. cap the query length at 80 characters for now.'],
    );
    expect(state.forbiddenBehaviors).toEqual([
      'Not chosen: add a trigram index on titles',
      'Not chosen: move search to Meilisearch.',
    ]);
  });
});
