import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A corrected value is written in place of the old one, in whichever section the statement sits, with the old
// value kept only as what it is not; the rest of the statement stays. Every sentence here is written for this file.

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

describe('structured-state: "the corrected X" refers to a correction, it makes none', () => {
  it('keeps the correction current when a later task names the corrected value', async () => {
    const { state, text } = await said(
      'From what I remember, the metrics exporter scrapes every 45s.',
      'Correction: the exporter config says it actually scrapes every 30s.',
      'We still have to point the dashboard alert at the corrected scrape interval before Friday.',
    );
    expect(text).not.toContain('Superseded, do not use: Correction');
    expect(JSON.stringify(state.immutableFacts)).toContain('actually scrapes every 30s');
  });

  it('still reads "I corrected" as a revision', async () => {
    const { text } = await said(
      'The exporter scrapes every 45s.',
      'I corrected the exporter config, it scrapes every 30s now.',
    );
    expect(text).toContain('Superseded, do not use: The exporter scrapes every 45s.');
  });
});

describe('structured-state: a ban on the old values right after a correction', () => {
  it('restates the correction made in the same message; it does not take it back', async () => {
    const { state, text } = await said(
      'The figure I have for the nightly export is 14 days of snapshots.',
      'Small correction: it was last quarter, the export keeps 30 days now.',
      'Sorry, one more: the retention policy was signed off today and actually keeps 21 days. Do not set 14 days or 30 days anywhere; both are no longer valid.',
    );
    expect(text).not.toContain('Superseded, do not use: Sorry, one more');
    expect(JSON.stringify(state.immutableFacts)).toContain('actually keeps 21 days');
  });
});
