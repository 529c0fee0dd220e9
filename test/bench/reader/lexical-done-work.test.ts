import { describe, expect, it } from 'vitest';
import { saysDone } from '../../../src/bench/reader/task-done.js';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('saysDone', () => {
  it('reads work that someone did or that stopped mattering', () => {
    expect(saysDone('Ola already replied to Brindle Co with the workaround.', 'brindle co')).toBe(true);
    expect(saysDone('The signing key has been rotated by the platform team.', 'signing key')).toBe(true);
    expect(saysDone("The staging certificate? That's taken care of.", 'staging certificate')).toBe(true);
    expect(saysDone('no need to bother with the Windows build, we drop it.', 'windows build')).toBe(true);
    expect(saysDone('ticket OPS-118 got closed as a duplicate.', 'ops 118')).toBe(true);
    expect(saysDone('Hamish took care of the signing key this morning.', 'signing key')).toBe(true);
  });

  it('reads work that something else brought along as done', () => {
    expect(saysDone('the audit table came with the vendor schema, no work there', 'audit table')).toBe(true);
    expect(saysDone('the rate limiter was included in the gateway upgrade', 'rate limiter')).toBe(true);
    expect(saysDone('the read replica is already in place for reporting', 'read replica')).toBe(true);
    expect(saysDone('the audit table comes up in the review next week', 'audit table')).toBe(false);
  });

  it('does not read a condition, or another sentence, as work done', () => {
    expect(saysDone("send the cleanup to Ana when it's done", 'cleanup')).toBe(false);
    expect(saysDone('once the backfill is finished we drop the old column', 'old column')).toBe(false);
    expect(saysDone('The mapping is done. We still have to call Acme about prices.', 'acme')).toBe(false);
    expect(saysDone('Reply to Brindle Co with the workaround.', 'brindle co')).toBe(false);
  });
});

describe('lexical reader: work that needs no doing any more', () => {
  it('refuses a task someone else did since, quoting who did it', async () => {
    const artifactText = transcriptArtifact(140, {
      20: 'user: leftovers: reply to Brindle Co with the workaround, and update the restore runbook.',
      90: 'user: by the way Ola from support already replied to Brindle Co with the workaround.',
    });
    const result = await takeOrRefuse(artifactText, 'reply to Brindle Co with the workaround');
    expect(result.response).toMatch(/^I will not reply to Brindle Co with the workaround: .*already replied/);
  });

  it('quotes the report from the sentence that names the work, not the small talk before it', async () => {
    const artifactText = transcriptArtifact(140, {
      20: 'user: leftovers: reply to Brindle Co with the workaround, and update the restore runbook.',
      90: 'user: the standup moves to 3pm this week. Ola from support already replied to Brindle Co with the workaround.',
    });
    const result = await takeOrRefuse(artifactText, 'reply to Brindle Co with the workaround');
    expect(result.response).toMatch(
      /^I will not reply to Brindle Co with the workaround: Ola from support already/,
    );
    expect(result.response).not.toContain('standup');
  });

  it('refuses a task dropped in words other than its verb', async () => {
    const artifactText = transcriptArtifact(140, {
      20: 'user: the release CI fails on the Windows build and on macOS notarization.',
      90: 'user: no need to bother with the Windows build, the next major drops Windows.',
    });
    const result = await takeOrRefuse(artifactText, 'fix the Windows build');
    expect(result.response).toMatch(/^I will not fix the Windows build/);
  });

  it('takes the task while it is still open', async () => {
    const artifactText = transcriptArtifact(140, {
      20: 'user: leftovers: reply to Brindle Co with the workaround, and update the restore runbook.',
      90: "user: send the runbook to Ana when it's done.",
    });
    const result = await takeOrRefuse(artifactText, 'reply to Brindle Co with the workaround');
    expect(result.response).toBe('Next step: reply to Brindle Co with the workaround.');
  });
});
