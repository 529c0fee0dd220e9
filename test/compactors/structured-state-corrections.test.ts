import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// A corrected value is written in place of the old one, in whichever section the statement sits, with the old
// value kept only as what it is not; the rest of the statement stays. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function said(...messages: string[]) {
  const transcript: Message[] = messages.flatMap((content, turn): Message[] => [
    { role: 'user', content, turn },
    { role: 'assistant', content: 'OK.', turn },
  ]);
  const state = (await method.compact({ transcript }, {})).structuredState;
  return { state, text: JSON.stringify(state) };
}

describe('structured-state: corrected values, in place', () => {
  it('keeps the rest of a statement whose number was mistyped', async () => {
    const { state, text } = await said(
      'Set a spend alert: the cap is 2,400 USD, warn at 80% and mail the infra list.',
      'ugh, I mistyped the cap earlier. it should be 4,200 USD.',
    );
    expect(state.immutableFacts).toContain(
      'Set a spend alert: the cap is 4,200 USD (not 2,400 USD), warn at 80% and mail the infra list.',
    );
    expect(text).not.toContain('the cap is 2,400 USD');
  });

  it('reads "bump that to" as a correction and picks the value it sets, not a figure given as a reason', async () => {
    const { state } = await said(
      'Give the worker pod 256Mi of memory and two replicas.',
      'bump that to 768Mi, it peaks at 700Mi. replicas stay',
    );
    expect(state.immutableFacts).toContain(
      'Give the worker pod 768Mi (not 256Mi) of memory and two replicas.',
    );
  });

  it('reads a new value given with "same day, same length" as correcting the one before', async () => {
    const { state } = await said(
      'Book the load test for Monday at 14:30 UTC, two hours.',
      'Priya Raman says 16:00 UTC suits the vendor better. same day, same length',
    );
    expect(state.immutableFacts).toContain(
      'Book the load test for Monday at 16:00 UTC (not 14:30 UTC), two hours.',
    );
  });

  it('corrects a date in an open task, "it’s … now"', async () => {
    const { state, text } = await said(
      'The cutover is on 2026-03-02, so the runbook still needs writing before then.',
      'heads up, the vendor moved it, it’s 2026-03-09 now.',
    );
    expect(state.unresolvedItems).toContain(
      'The cutover is on 2026-03-09 (not 2026-03-02), so the runbook still needs writing before then.',
    );
    expect(text).not.toContain('on 2026-03-02,');
  });
});
