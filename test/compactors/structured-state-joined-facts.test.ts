import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// Facts one message states in a row are kept as one note, so a sentence that names its subject only by "it" or
// "the copy" keeps what it is about. Every sentence here is written for this file.

describe('structured-state: facts of one message kept together', () => {
  it('keeps a sentence that refers back with the fact before it', async () => {
    const { state } = await said(
      'Setting up the local stack for the new starters today.',
      'The nightly export lands in the analytics bucket at 02:00. Finance reads it every morning before the weekly planning call starts.',
    );
    expect(state.immutableFacts).toContain(
      'The nightly export lands in the analytics bucket at 02:00. Finance reads it every morning before the weekly planning call starts.',
    );
  });

  it('keeps a who-is-who line apart from the next one', async () => {
    const { state } = await said(
      'Setting up the local stack for the new starters today.',
      'Priya Nair is the owner of the billing worker. Tomas Berg is the owner of the mailer and holds its pager.',
    );
    expect(state.immutableFacts).toContain('Priya Nair is the owner of the billing worker.');
  });

  it('keeps two settings of one kind of value apart, so a correction of one leaves the other', async () => {
    const { state } = await said(
      'Setting up the local stack for the new starters today.',
      'The gateway runs locally on port 7310 for now. The profiler listens on port 7390.',
      'Correction: the gateway actually runs on port 7320, not 7310.',
    );
    expect(JSON.stringify(state)).toContain('The profiler listens on port 7390.');
    expect(state.forbiddenBehaviors.join(' ')).not.toContain('7390');
  });

  it('keeps the lines of a list apart, one statement per line', async () => {
    const { state } = await said(
      'Setting up the local stack for the new starters today.',
      'The staging database is restored from the Sunday snapshot every week.\nThe search cluster gets rebuilt from scratch each night after the import.',
    );
    expect(state.immutableFacts).toContain(
      'The staging database is restored from the Sunday snapshot every week.',
    );
  });

  it('keeps the reason for a rule, said right after it and pointing back at it, with the rule', async () => {
    const { state } = await said(
      'Setting up the price comparison page today.',
      'pulling their catalogue with a crawler is a hard no from legal. Noor Haddad was firm, their licence forbids it and we pay for a feed anyway.',
    );
    expect(state.forbiddenBehaviors).toContain(
      'pulling their catalogue with a crawler is a hard no from legal. Noor Haddad was firm, their licence forbids it and we pay for a feed anyway.',
    );
  });

  it('does not read "I don\'t get X" as a rule', async () => {
    const { state } = await said(
      'Looking at the nightly jobs today.',
      "the retries fire twice and I don't get the backoff code at all.",
    );
    expect(state.forbiddenBehaviors).toEqual([]);
  });
});
