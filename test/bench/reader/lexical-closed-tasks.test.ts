import { describe, expect, it } from 'vitest';
import { closingPassage } from '../../../src/bench/reader/closed-tasks.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const list =
  '[turn 1] user: three chores for the billing service: renew the invoice signing certificate, rewrite the ' +
  'refund reconciliation script, and archive the quarterly audit exports.';

async function openTasks(artifactText: string) {
  const item = makeItem({
    type: 'unresolved_task_continuity',
    prompt: 'Which billing chores are still open?',
  });
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: tasks closed in other words', () => {
  it('quotes a list of tasks without those done ("the X thing") or set aside ("nobody reads …, skip it")', async () => {
    const artifactText = transcriptArtifact(120, {
      10: list,
      50: '[turn 9] user: Ilse took care of the certificate thing this morning, she had the HSM login.',
      90: '[turn 20] user: honestly nobody reads the quarterly audit exports any more. skip it.',
    });
    const { response } = await openTasks(artifactText);
    expect(response).toBe(
      '[turn 1] user: three chores for the billing service: rewrite the refund reconciliation script',
    );
  });

  it('keeps the whole list when nothing later closes a task of it', async () => {
    const artifactText = transcriptArtifact(120, {
      10: list,
      50: '[turn 9] user: the certificate thing is urgent, the old one expires on Friday.',
    });
    const { response } = await openTasks(artifactText);
    expect(response).toContain('renew the invoice signing certificate');
    expect(response).toContain('archive the quarterly audit exports');
  });

  it('refuses a task a commit in the log already did', async () => {
    const artifactText = transcriptArtifact(120, {
      10: '[turn 1] user: release checklist: bump the version to 2.4.0, then tag it.',
      60: '[turn 8] assistant calls git {"args":"log --oneline -3"}',
      61: '[turn 8] tool git: 4f7b2d8 chore: bump version to 2.4.0',
      62: 'e1a0c33 fix: handle an empty cart',
    });
    const result = await takeOrRefuse(artifactText, 'bump the version to 2.4.0');
    expect(result.response).toMatch(/^I will not bump the version to 2\.4\.0/);
  });

  it('does not take what was agreed or is in place for work done, nor a commit by the person a task names', () => {
    const parsed = parseArtifactText(
      transcriptArtifact(60, {
        5: '[turn 1] user: we need help on the payments retry worker and the ledger export job.',
        20: '[turn 4] user: for the payments retry worker, we already agreed: never retry a card twice.',
        30: '[turn 6] user: we already run Vault, so keep the ledger export job secrets there.',
        40: '[turn 8] tool git: a81f0c2 Noor Haddad Tidy the ledger export job',
      }),
    );
    expect(closingPassage(parsed, 'the payments retry worker and the ledger export job', 0)).toBeUndefined();
    expect(closingPassage(parsed, 'ask Noor Haddad, who touched the ledger export job', 0)).toBeUndefined();
  });
  it('reads "the X" as naming the task whose verb works on X, when X is rare', async () => {
    const artifactText = transcriptArtifact(120, {
      10: '[turn 1] user: two chores for the billing service: rewrite the reconciliation script so it handles partial refunds, and archive the quarterly audit exports.',
      60: '[turn 12] user: Priya went over the reconciliation logic and says it copes fine as is. leave it',
    });
    const { response } = await openTasks(artifactText);
    expect(response).toContain('archive the quarterly audit exports');
    expect(response).not.toContain('rewrite');
    const refused = await takeOrRefuse(
      artifactText,
      'rewrite the reconciliation script to handle partial refunds',
    );
    expect(refused.response).toMatch(/^I will not/);
  });

  it('does not read a word other than the one the task works on as naming it', async () => {
    const artifactText = transcriptArtifact(120, {
      10: '[turn 1] user: two chores for the billing service: rewrite the reconciliation script so it handles partial refunds, and archive the quarterly audit exports.',
      60: '[turn 12] user: Priya went over the refunds dashboard and says it is fine as is. leave it',
    });
    const { response } = await openTasks(artifactText);
    expect(response).toContain('rewrite the reconciliation script');
  });

  it('keeps a task someone leaves on the list or open: that keeps it, it does not set it aside', async () => {
    const task =
      '[turn 3] user: two chores before the release: archive the quarterly audit exports, and rewrite the reconciliation script so it handles partial refunds.';
    const onTheList = '[turn 9] assistant: I will leave that reconciliation script on the list.';
    const { response } = await openTasks(transcriptArtifact(120, { 10: task, 60: onTheList }));
    expect(response).toContain('rewrite the reconciliation script');
    const open = '[turn 9] user: leave the reconciliation script open for now, Priya may still take it.';
    const taken = await takeOrRefuse(
      transcriptArtifact(120, { 10: task, 60: open }),
      'rewrite the reconciliation script to handle partial refunds',
    );
    expect(taken.response).not.toMatch(/^I will not/);
    const setAside = '[turn 9] user: the reconciliation script copes fine as is. leave it';
    const refused = await takeOrRefuse(
      transcriptArtifact(120, { 10: task, 60: setAside }),
      'rewrite the reconciliation script to handle partial refunds',
    );
    expect(refused.response).toMatch(/^I will not/);
  });
});
