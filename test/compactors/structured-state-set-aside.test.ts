import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A rule against one part of an open task list, naming the part by its action ("the renaming"): that part is set
// aside, the others stay open. Every sentence here is written for this file.

describe('structured-state: a part of a task list set aside by its action', () => {
  it('sets aside the part whose verb the rule names as a noun', async () => {
    const { state } = await said(
      'Starting on the review comments for the billing PR.',
      'Review notes from Tariq: rename fetchLedgerRows to loadLedgerRows, and add a test for the zero-amount refund. can you handle those?',
      "the renaming I'll argue against in the thread, it churns the call sites for nothing. leave that as is.",
    );
    const open = state.unresolvedItems.join(' ');
    expect(open).toContain('add a test for the zero-amount refund');
    expect(open).not.toContain('rename fetchLedgerRows');
    expect(state.forbiddenBehaviors.join(' ')).toContain('Set aside, not to do: rename fetchLedgerRows');
  });
});
