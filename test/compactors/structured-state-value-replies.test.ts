import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// Corrections given as a plain reply: a bare "no" before the value that replaces the one stated, a day said on
// its own, a second correction of a value corrected once already. Every sentence here is written for this file.

describe('structured-state: a value corrected by a plain reply', () => {
  it('reads "hm, no." before a new value as correcting the value stated before, in place', async () => {
    const { state, text } = await said(
      'Point the nightly exports at the cold bucket. retain them for 14 days and prune the rest.',
      'Hm, no. Legal wants 90 days of exports kept, they audit every quarter.',
    );
    expect(state.immutableFacts).toContain(
      'Point the nightly exports at the cold bucket. retain them for 90 days (not 14 days) and prune the rest.',
    );
    expect(text).not.toContain('retain them for 14 days and');
    // "No, 2 of them still fail" answers a question; a "no" set off by a comma corrects nothing.
    const answer = await said(
      'The suite has 40 integration tests in two folders.',
      'No, 2 of them still fail.',
    );
    expect(answer.state.immutableFacts).toContain('The suite has 40 integration tests in two folders.');
  });

  it('corrects a weekday in place, "make it Wednesday", naming the old day as the reason', async () => {
    const { text } = await said(
      'Send the invoice reminders every Monday at 09:30.',
      'make it Wednesday, Mondays are swamped for accounts',
    );
    expect(text).toContain('every Wednesday (not Monday) at 09:30');
  });

  it('corrects a value corrected once already, keeping every day ruled out', async () => {
    const { text } = await said(
      'Send the invoice reminders every Monday at 09:30.',
      'make it Wednesday, Mondays are swamped for accounts',
      'argh, Thursday. Wednesday is when the bank run happens.',
    );
    expect(text).toContain('every Thursday (not Wednesday, not Monday) at 09:30');
    expect(text).not.toContain('every Wednesday (not Monday)');
  });

  it('corrects a percentage named against the old one ("0.2%, not 0.5%") in place, beside another percentage', async () => {
    const { state } = await said(
      'Our error budget allows 0.5% failed requests over a week, page the on-call when half of it is gone.',
      'Femi checked the policy doc: 0.2%, not 0.5%. the week is right, and breaching it costs a 3% credit.',
    );
    expect(state.immutableFacts).toContain(
      'Our error budget allows 0.2% (not 0.5%) failed requests over a week, page the on-call when half of it is gone.',
    );
  });
});
