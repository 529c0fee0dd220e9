import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A correction stays in force when the same message, or a later recap behind a lead-in ("To recap: …"), says
// it again in other words. Every sentence here is written for this file.

const BEFORE = 'For paging: Bo Chen has the pager this weekend, I think.';
const CORRECTION =
  'Turns out I had the schedule wrong: Ana Lima swapped shifts, so Ana Lima is actually the on-call engineer this weekend.';
const BAN = 'Bo Chen is no longer on call, so do not page Bo Chen about the migration.';

async function correctionInForce(...messages: string[]) {
  const { state } = await said(...messages);
  return {
    current: [...state.immutableFacts, ...state.lockedDecisions].join('\n'),
    superseded: state.forbiddenBehaviors.join('\n'),
  };
}

describe('structured-state: a correction said again', () => {
  it('stays when the same message goes on to ban the old value, though it replaced nothing kept', async () => {
    const { current, superseded } = await correctionInForce(BEFORE, `${CORRECTION} ${BAN}`);
    expect(current).toContain('Ana Lima is actually the on-call engineer');
    expect(superseded).not.toContain('Ana Lima is actually the on-call engineer');
  });

  it('stays when a later message repeats the ban behind a lead-in', async () => {
    const { current, superseded } = await correctionInForce(
      BEFORE,
      `${CORRECTION} ${BAN}`,
      `To recap: ${BAN}`,
    );
    expect(current).toContain('Ana Lima is actually the on-call engineer');
    expect(superseded).not.toContain('Ana Lima is actually the on-call engineer');
  });

  it('is still taken back by a retraction later in the same message', async () => {
    const { state } = await said(
      'Ship the audit logs to Loki.',
      'Change of plan: ship the audit logs to Elasticsearch instead of Loki. Hmm, scratch that, write them to S3.',
    );
    expect(state.forbiddenBehaviors.join('\n')).toContain('Elasticsearch');
    expect(state.lockedDecisions.join('\n')).not.toContain('Elasticsearch');
  });
});
