import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A message that drops one plan and states the next: the plan dropped is kept as superseded, and the decision
// keeps what happens now, without the clause naming the old plan. Every sentence here is written for this file.

describe('structured-state: the clause that drops a plan leaves the new decision', () => {
  it('keeps the new plan as the decision and the old one as superseded', async () => {
    const { state } = await said(
      'We need nightly numbers for the partner dashboard.',
      "let's stream the order events to them through a Redis channel, we run Redis anyway.",
      'their security team will not open a port to our network. scrap the Redis channel. we send a signed CSV to their SFTP drop at 05:00 instead.',
    );
    expect(state.forbiddenBehaviors.join(' ')).toContain('Superseded, do not use:');
    expect(state.forbiddenBehaviors.join(' ')).toContain('Redis channel, we run Redis anyway');
    expect(state.lockedDecisions).toContain(
      'their security team will not open a port to our network. we send a signed CSV to their SFTP drop at 05:00 instead.',
    );
  });

  it('keeps the clause when nothing was found to supersede', async () => {
    const { state } = await said(
      'We need nightly numbers for the partner dashboard.',
      'scrap the webhook idea. we send a signed CSV to their SFTP drop at 05:00 instead.',
    );
    expect(JSON.stringify(state)).toContain('scrap the webhook idea.');
  });
});
