import { describe, expect, it } from 'vitest';
import { stripOpener } from '../../src/compactors/methods/structured-state/split-sentences.js';
import { said } from './structured-state-said.js';

// A lead-in that only says the point is being put on record ("just so it's written down:") is not the
// statement: what follows its colon is read as if said alone. Every sentence here is written for this file.

describe('structured-state: lead-ins that put a point on record', () => {
  it('strips the lead-in up to its colon', () => {
    expect(stripOpener("Just so it's written down: the vendor portal locks after five failed logins.")).toBe(
      'the vendor portal locks after five failed logins.',
    );
    expect(stripOpener('Priya raised it on the call, so for the thread: invoices go out on the 3rd.')).toBe(
      'invoices go out on the 3rd.',
    );
    // A lead-in that says something of its own stays.
    expect(stripOpener('plan for the sprint: move the cron jobs to the new cluster.')).toBe(
      'plan for the sprint: move the cron jobs to the new cluster.',
    );
  });

  it('reads "small update, …" after such a lead-in as replacing the plan on its subject', async () => {
    const { state } = await said(
      'We need a status page for the booking service.',
      "let's host the status page on Statuspage.io, we pay for it already.",
      'Dana asked about this earlier, so here it is: small update, Ines moved the status page to a self-hosted Cachet box last night.',
    );
    expect(state.forbiddenBehaviors.join(' ')).toContain('Statuspage.io');
  });

  it('keeps a statement that opens with "how we …" as a statement, not a question', async () => {
    const { text } = await said(
      'Setting up the release checklist today.',
      'how we work here: nothing goes straight to the deploy branch, every change lands through a reviewed PR.',
    );
    expect(text).toContain('nothing goes straight to the deploy branch');
  });
});
