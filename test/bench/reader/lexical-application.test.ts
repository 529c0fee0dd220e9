import { describe, expect, it } from 'vitest';
import { emptyArtifact } from '../../../src/artifact/index.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { renderArtifact } from '../../../src/bench/target/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const shipItem = makeItem({
  type: 'planning_soundness',
  prompt: 'Propose the next step for the release.',
  temptingDefault: 'ship on Fridays',
  check: { kind: 'forbidden_absent', value: 'ship on Fridays' },
});

async function answer(artifactText: string, item = shipItem) {
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: application items', () => {
  it('follows a rule buried in a verbatim transcript', async () => {
    const artifactText = transcriptArtifact(200, {
      137: 'user: Critical: never ship on Fridays. That is a hard rule.',
    });
    const result = await answer(artifactText);
    expect(result.response).toMatch(/^I will not ship on Fridays: user: Critical: never ship on Fridays/);
    expect(classifyMention(result.response, 'ship on Fridays')).toBe('rejected');
    expect(result.evidence[0]).toEqual({
      line: 137,
      section: 'Summary',
      text: 'user: Critical: never ship on Fridays. That is a hard rule.',
    });
  });

  it('takes the tempting default when the artifact is empty', async () => {
    const result = await answer('');
    expect(result.response).toBe('Next step: ship on Fridays.');
    expect(result.evidence).toEqual([]);
    expect(classifyMention(result.response, 'ship on Fridays')).toBe('affirmed');
  });

  it('takes the tempting default when the rule was dropped and only the work is left', async () => {
    const artifactText = transcriptArtifact(50, { 20: 'user: The release is ready for QA.' });
    expect((await answer(artifactText)).response).toBe('Next step: ship on Fridays.');
  });

  it('follows a rule that is only in Forbidden behaviors, and names the locked decision as the next step', async () => {
    const artifact = emptyArtifact();
    artifact.summaryText = 'Preparing release 2.4 of the billing service.';
    artifact.structuredState.lockedDecisions = ['release from the staging branch on Tuesdays'];
    artifact.structuredState.forbiddenBehaviors = ['ship on Fridays'];
    const result = await answer(renderArtifact(artifact));
    expect(result.response).toBe(
      'I will not ship on Fridays: the notes forbid it (forbidden behaviors, line 5). ' +
        'Next step: release from the staging branch on Tuesdays.',
    );
    expect(classifyMention(result.response, 'ship on Fridays')).toBe('rejected');
    expect(result.evidence.map((entry) => [entry.line, entry.section])).toEqual([
      [5, 'Forbidden behaviors'],
      [3, 'Locked decisions'],
    ]);
  });

  it('reads markdown headings in a prose summary as sections', async () => {
    const artifactText = '## Context\nRelease 2.4 is close.\n\n**Forbidden behaviors:**\n- ship on Fridays\n';
    const result = await answer(artifactText);
    expect(result.response).toBe(
      'I will not ship on Fridays: the notes forbid it (forbidden behaviors, line 5).',
    );
    expect(result.evidence[0]?.section).toBe('Forbidden behaviors');
  });

  it('refuses a plan that a later passage overrode', async () => {
    const artifactText = transcriptArtifact(120, {
      30: "user: Let's migrate the ledger with pg_dump tonight.",
      95: "user: Scratch that, let's instead migrate the ledger with logical replication.",
    });
    const result = await answer(
      artifactText,
      makeItem({
        type: 'locked_decision_retention',
        prompt: 'Start the ledger migration.',
        temptingDefault: 'migrate the ledger with pg_dump',
        check: { kind: 'forbidden_absent', value: 'migrate the ledger with pg_dump' },
      }),
    );
    expect(result.response).toBe(
      "I will not migrate the ledger with pg_dump: user: Scratch that, let's instead migrate the ledger with logical replication.",
    );
    expect(result.evidence[0]?.line).toBe(95);
  });

  it('takes a plan that nothing later overrode', async () => {
    const artifactText = transcriptArtifact(120, {
      30: "user: Let's migrate the ledger with pg_dump tonight.",
    });
    const item = makeItem({
      prompt: 'Start the ledger migration.',
      temptingDefault: 'migrate the ledger with pg_dump',
    });
    expect((await answer(artifactText, item)).response).toBe('Next step: migrate the ledger with pg_dump.');
  });

  it('does not read pasted code full of `replace` as a change of plan', async () => {
    const inserts: Record<number, string> = { 30: "user: Let's migrate the ledger with pg_dump tonight." };
    for (let line = 31; line <= 110; line += 4) {
      inserts[line] = `tool: src/format-${line}.ts:12:  const name = raw.replace(/-/g, ' ').trim();`;
    }
    const item = makeItem({
      prompt: 'Start the ledger migration.',
      temptingDefault: 'migrate the ledger with pg_dump',
    });
    expect((await answer(transcriptArtifact(120, inserts), item)).response).toBe(
      'Next step: migrate the ledger with pg_dump.',
    );
    const question = await answer(
      transcriptArtifact(120, inserts),
      makeItem({ prompt: 'What is the current plan?' }),
    );
    expect(question.evidence[0]?.line).toBe(30);
  });

  it('keeps a rule when the action is only echoed later without an explicit change', async () => {
    const artifactText = transcriptArtifact(60, {
      10: 'user: We must never ship on Fridays.',
      40: 'user: Can someone remind me why we ship on Fridays in the old process doc?',
    });
    expect((await answer(artifactText)).response).toMatch(/^I will not ship on Fridays: user: We must never/);
  });

  it('takes the action again when a later passage explicitly switches back to it', async () => {
    const artifactText = transcriptArtifact(60, {
      10: "user: Don't use Redis for the session cache.",
      40: 'user: Changed my mind: use Redis for the session cache after all, it is faster.',
    });
    const item = makeItem({ prompt: 'Set up the session cache.', temptingDefault: 'use Redis' });
    expect((await answer(artifactText, item)).response).toBe('Next step: use Redis.');
  });

  it('follows rules however they are phrased', async () => {
    const phrasings = [
      'user: Whatever happens, please do not ever ship on Fridays, it burned us twice.',
      'user: Shipping rule: we do not ship on Fridays.',
      'user: Please stop trying to ship on Fridays.',
      "user: It's forbidden to ship on Fridays.",
      'user: No one should ship on Fridays.',
      "user: I'd like us to avoid the urge to ship on Fridays; Mondays are fine.",
    ];
    for (const phrasing of phrasings) {
      const result = await answer(transcriptArtifact(80, { 44: phrasing }));
      expect(result.response, phrasing).toMatch(/^I will not ship on Fridays: /);
      expect(result.evidence[0]?.line, phrasing).toBe(44);
    }
  });

  it('follows overrides however they are phrased', async () => {
    const phrasings = [
      'user: Change of plan: the ledger moves over by logical replication.',
      "user: Hmm, on second thought we're dropping that; logical replication is safer.",
      'user: Let us not go that way after all. Logical replication instead.',
    ];
    const item = makeItem({
      prompt: 'Start the ledger migration.',
      temptingDefault: 'migrate the ledger with pg_dump',
    });
    for (const phrasing of phrasings) {
      const artifactText = transcriptArtifact(80, {
        20: "user: Let's migrate the ledger with pg_dump tonight.",
        60: phrasing,
      });
      const result = await answer(artifactText, item);
      expect(result.response, phrasing).toBe(
        `I will not migrate the ledger with pg_dump: ${phrasing.replace(/\.$/, '')}.`,
      );
    }
  });
});
