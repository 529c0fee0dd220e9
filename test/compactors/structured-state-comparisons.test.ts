import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, holdsText, tool, user } from '../support/messages.js';

// Issue #12, item 4 (structured-state 1.26.0): a choice made by a measure ("the cheaper one"), a guide's sentence
// that points back at the one before it ("It may only …"), and a review comment read with the place it is about.
// Every sentence here is written for this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);
const compact = (transcript: Message[]) => method.compact({ transcript }, {});
const has = holdsText;

describe('structured-state: a choice by comparison', () => {
  it('takes "the cheaper one" as the option with the lowest price, the other passed over', async () => {
    const { structuredState } = await compact([
      user('The nightly ETL box is out of memory again. Which managed Postgres tier should we move to?', 0),
      assistant(
        'I priced two tiers. db-standard-8 costs €410 a month and restores a snapshot in 6 minutes. ' +
          'db-highmem-4 costs €275 a month and restores in 11 minutes, which is still inside our window.',
        0,
      ),
      user('ok, the cheaper one. nobody restores at night anyway. tag it etl-primary', 1),
    ]);
    expect(has(structuredState.lockedDecisions, 'db-highmem-4 costs €275 a month')).toBe(true);
    expect(has(structuredState.lockedDecisions, 'db-standard-8')).toBe(false);
    expect(has(structuredState.forbiddenBehaviors, 'db-standard-8 costs €410')).toBe(true);
    // The reply's reasons and its instruction stay in the user's words.
    expect(JSON.stringify(structuredState)).toContain('tag it etl-primary');
  });

  it('takes "the faster option" by duration across units, and chooses nothing when the values tie', async () => {
    const fast = await compact([
      user('Two ways to warm the cache, which one?', 0),
      assistant(
        'Replaying the access log takes 2 hours. Copying the snapshot from eu-west takes 35 minutes.',
        0,
      ),
      user('yes, the faster option please', 1),
    ]);
    expect(
      has(fast.structuredState.lockedDecisions, 'Copying the snapshot from eu-west takes 35 minutes'),
    ).toBe(true);
    const tied = await compact([
      user('Which mirror do we use?', 0),
      assistant('The Frankfurt mirror syncs in 40 minutes. The Dublin mirror syncs in 40 minutes too.', 0),
      user('sure, the quicker one', 1),
    ]);
    expect(has(tied.structuredState.lockedDecisions, 'mirror syncs')).toBe(false);
  });
});

describe('structured-state: a guide read in whole thoughts', () => {
  it('keeps a sentence that points back ("It may …") with the one it points at', async () => {
    const guide =
      '# Schema policy\n\nA column in the public views is first renamed with an alias kept beside it for readers. ' +
      'It may be dropped after two full quarters, and only in a release marked breaking.\n\nNew views may be added at any time.';
    const { structuredState } = await compact([
      user('Read the schema policy before we touch the views.', 0),
      assistant('Reading it.', 0, [
        { id: 'g1', name: 'read_file', arguments: { path: 'docs/schema-policy.md' } },
      ]),
      tool('g1', 'read_file', guide, 0),
    ]);
    const kept = [...structuredState.forbiddenBehaviors, ...structuredState.immutableFacts];
    expect(has(kept, 'kept beside it for readers. It may be dropped after two full quarters')).toBe(true);
    // No line is left starting with the bare pronoun.
    expect(kept.some((line) => line.startsWith('It may be dropped'))).toBe(false);
  });

  it('reads a review comment with the file and line it is about', async () => {
    const review =
      'Ines Duarte requested changes\n\nlib/export/csv_writer.rb line 31:\nThis opens the file without an encoding. ' +
      'Pass encoding: UTF-8 explicitly, the Windows importer mangles anything else.\n\nOverall fine otherwise.';
    const { structuredState } = await compact([
      user('Pull up the review on the export PR.', 0),
      assistant('Fetching it.', 0, [
        { id: 'v1', name: 'bash', arguments: { command: 'gh pr view 77 --comments' } },
      ]),
      tool('v1', 'bash', review, 0),
    ]);
    const kept = [...structuredState.forbiddenBehaviors, ...structuredState.immutableFacts];
    expect(has(kept, 'lib/export/csv_writer.rb line 31: Pass encoding: UTF-8 explicitly')).toBe(true);
    // The place ends with its paragraph: the closing remark is not about line 31.
    expect(has(kept, 'line 31: Overall fine')).toBe(false);
  });

  it('keeps a one-line review comment written after its place whole', async () => {
    const comments =
      'lib/billing/tax.rb:88 Rounding each line loses cents. Round once on the invoice total, finance reconciles against that.\n' +
      'lib/billing/tax.rb:140 nit: this name is vague.';
    const { structuredState } = await compact([
      user('What did the reviewer say on the tax PR?', 0),
      assistant('Fetching the comments.', 0, [
        { id: 'c1', name: 'bash', arguments: { command: 'gh api repos/x/y/pulls/9/comments' } },
      ]),
      tool('c1', 'bash', comments, 0),
    ]);
    const kept = [...structuredState.forbiddenBehaviors, ...structuredState.immutableFacts];
    expect(
      has(kept, 'Rounding each line loses cents. Round once on the invoice total, finance reconciles'),
    ).toBe(true);
  });
});

describe('structured-state: a proposal turned down, and a question that only asks', () => {
  it('keeps the option the user refuses as not chosen', async () => {
    const { structuredState } = await compact([
      user('The staging deploy hangs on the schema check.', 0),
      assistant(
        'The check waits on a lock held by the old pod. Simplest fix is skipping the check with --no-verify-schema.',
        0,
      ),
      user("I'd rather not, that check caught a bad migration in May. kill the old pod first", 1),
    ]);
    expect(
      has(structuredState.forbiddenBehaviors, 'Not chosen: skipping the check with --no-verify-schema'),
    ).toBe(true);
    // Agreeing is not refusing: the same proposal accepted is the decision.
    const agreed = await compact([
      user('The staging deploy hangs on the schema check.', 0),
      assistant('Simplest fix is skipping the check with --no-verify-schema.', 0),
      user('sure, go ahead', 1),
    ]);
    expect(has(agreed.structuredState.forbiddenBehaviors, 'skipping the check')).toBe(false);
  });

  it('does not file "which team has to sign off?" as a decision', async () => {
    const { structuredState } = await compact([
      user('I am adding a column to the invoices table. which team has to sign off on schema changes?', 0),
    ]);
    expect(has(structuredState.lockedDecisions, 'which team has to sign off')).toBe(false);
    // The question is not kept at all; a statement with the same modal is.
    expect(JSON.stringify(structuredState)).not.toContain('which team has to sign off');
    const rule = await compact([user('Schema changes have to be signed off by the data team.', 0)]);
    expect(JSON.stringify(rule.structuredState)).toContain('signed off by the data team');
  });
});

describe('structured-state: a retraction naming one part of a statement', () => {
  it('takes back only the clause it names, and the rest stays open', async () => {
    const { structuredState } = await compact([
      user('Orchard Dental is moving to the annual plan.', 0),
      assistant('Noted.', 0),
      user(
        'they want a PDF invoice for the old months, and we need to switch their seats to the annual price',
        1,
      ),
      assistant('I will start with the invoice.', 1),
      user('scrap the PDF idea.', 2),
    ]);
    const open = structuredState.unresolvedItems;
    expect(has(open, 'switch their seats to the annual price')).toBe(true);
    expect(has(open, 'PDF invoice')).toBe(false);
    expect(has(structuredState.forbiddenBehaviors, 'Superseded, do not use: they want a PDF invoice')).toBe(
      true,
    );
  });

  it('leaves a statement whole when the named word is in more than one of its clauses', async () => {
    const { structuredState } = await compact([
      user('Tessa wants the PDF archive cleaned up.', 0),
      assistant('Noted.', 0),
      user('we need to rename the PDF folder, and we need to move each PDF into its year', 1),
      assistant('On it.', 1),
      user('scrap the PDF idea.', 2),
    ]);
    expect(JSON.stringify(structuredState)).toContain('move each PDF into its year');
    expect(JSON.stringify(structuredState)).not.toContain('Superseded, do not use: we need to rename');
  });
});

describe('structured-state: a value corrected inside an open task', () => {
  it('files the corrected statement among the facts as well', async () => {
    const { structuredState } = await compact([
      user('Can you look at the renewal budget?', 0),
      assistant('Sure.', 0),
      user(
        'The vendor contract renews on 2025-03-01, we still need to send finance the forecast a week before that.',
        1,
      ),
      assistant('Okay.', 1),
      user("small update, procurement pushed the renewal out, it's 2025-04-01 now.", 2),
    ]);
    const corrected = 'renews on 2025-04-01 (not 2025-03-01)';
    expect(has(structuredState.unresolvedItems, corrected)).toBe(true);
    expect(has(structuredState.immutableFacts, corrected)).toBe(true);
  });
});

describe('structured-state: a time given in a fragment, then moved', () => {
  it('reads "Thursday at 14:00 UTC, 30 minutes." with what it schedules, and files the move as a fact', async () => {
    const { structuredState } = await compact([
      user('Can you help with the release?', 0),
      assistant('Sure.', 0),
      user(
        'we need a load test against the checkout service. Thursday at 14:00 UTC, 30 minutes. write the plan',
        1,
      ),
      assistant('Okay.', 1),
      user('Priya says 15:30 UTC suits her team better, same day, same length.', 2),
    ]);
    const corrected =
      'load test against the checkout service. Thursday at 15:30 UTC (not 14:00 UTC), 30 minutes.';
    expect(has(structuredState.immutableFacts, corrected)).toBe(true);
    // The move is kept once, as what was said, and no second current plan stands beside the corrected one.
    const said = 'Priya says 15:30 UTC suits her team better, same day, same length.';
    expect(structuredState.immutableFacts.filter((line) => line === said)).toHaveLength(1);
    expect(structuredState.lockedDecisions).toEqual([]);
  });
});

describe('structured-state: a part of the open work reported done', () => {
  it('closes the part naming the ticket and keeps the rest open', async () => {
    const { structuredState } = await compact([
      user('Can you plan my afternoon?', 0),
      assistant('Sure.', 0),
      user(
        'a couple of things this afternoon: triage OPS-812 (slow exports for the Paris tenant), and rewrite the onboarding checklist',
        1,
      ),
      assistant('Starting with OPS-812.', 1),
      user('OPS-812 was closed already, it was the CDN incident.', 2),
    ]);
    expect(structuredState.unresolvedItems).toEqual([
      'a couple of things this afternoon: rewrite the onboarding checklist',
    ]);
    expect(structuredState.immutableFacts).toContain(
      'Closed: triage OPS-812 (slow exports for the Paris tenant)',
    );
    // A report naming nothing on the list closes nothing.
    const other = await compact([
      user('Can you plan my afternoon?', 0),
      assistant('Sure.', 0),
      user('a couple of things this afternoon: triage OPS-812, and rewrite the onboarding checklist', 1),
      user('OPS-97 was closed already.', 2),
    ]);
    expect(other.structuredState.unresolvedItems).toEqual([
      'a couple of things this afternoon: triage OPS-812, and rewrite the onboarding checklist',
    ]);
  });
});

describe('structured-state: a proposal accepted in part', () => {
  it('takes the part the reply names and passes over the other', async () => {
    const { structuredState } = await compact([
      user('The nightly export job times out on the big tenants.', 0),
      assistant(
        'Two things I would do: split the export into chunks of 10,000 rows, and while we are at it move the job to the batch queue so it stops competing with web traffic.',
        0,
      ),
      user('FYI: chunking yes. the job stays on the default queue, ops monitors only that one.', 1),
    ]);
    expect(structuredState.lockedDecisions).toContain(
      'Accepted proposal: split the export into chunks of 10,000 rows',
    );
    expect(has(structuredState.forbiddenBehaviors, 'Not chosen: move the job to the batch queue')).toBe(true);
    // The reply stays in the user's words, with its reason.
    expect(JSON.stringify(structuredState)).toContain('ops monitors only that one');
  });

  it("records nothing when the part named is not one of the proposal's", async () => {
    const { structuredState } = await compact([
      user('The nightly export job times out on the big tenants.', 0),
      assistant(
        'I would split the export into chunks of 10,000 rows, and also move the job to the batch queue.',
        0,
      ),
      user('logging yes, we need more of it.', 1),
    ]);
    expect(JSON.stringify(structuredState)).not.toContain('Accepted proposal');
  });
});
