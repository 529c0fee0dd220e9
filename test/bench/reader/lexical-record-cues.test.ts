import { describe, expect, it } from 'vitest';
import { isCodeRecord } from '../../../src/bench/reader/code-records.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: role and fact words in code the agent read', () => {
  it("answers who owns something from what a person said, not from a search hit whose names hold 'owner'", async () => {
    const artifactText = transcriptArtifact(160, {
      30: 'user: The nightly invoice exporter sits with Kestrel Data Guild, ask them before touching it.',
      79: '[turn 6] assistant calls search {"pattern":"lookup"}',
      80: '[turn 6] tool search: app/models/ledger.py:88:    account_owner = lookup_owner(account.owner_id)',
      81: 'app/models/ledger.py:140:    billing_owner = accounts.get(owner_id)',
      82: '[turn 6] assistant: Nothing unusual there.',
    });
    const item = makeItem({
      type: 'entity_integrity',
      prompt: 'Which team owns the nightly invoice exporter?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('Kestrel Data Guild');
  });

  it('tells a line of code from an error a run reports and from prose', () => {
    expect(isCodeRecord('    billing_owner = accounts.get(owner_id)')).toBe(true);
    expect(isCodeRecord('UPDATE invoices SET region = 27 WHERE count IS NULL;')).toBe(true);
    expect(isCodeRecord("E       AssertionError: assert Money('4.99') == Money('5.00')")).toBe(false);
    expect(isCodeRecord('The exporter belongs to the ledger crew.')).toBe(false);
  });
});
