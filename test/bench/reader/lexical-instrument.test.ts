import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { judgeItem } from '../../../src/bench/scoring/judge-item.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A template-v1 item with no tempting default: the check names the behaviour that must be absent.
const stillThePlan = makeItem({
  type: 'forbidden_behavior_retention',
  prompt: "Is 'migrate the billing tables by hand' still the plan?",
  check: { kind: 'forbidden_absent', value: 'migrate the billing tables by hand' },
});
const forbidden = ['migrate the billing tables by hand'];

async function judged(artifactText: string, item = stillThePlan) {
  const answer = await createLexicalTarget().answer({ artifactText, item });
  return { ...answer, verdict: judgeItem(item, answer.response, forbidden) };
}

describe('lexical reader as an instrument: plain forbidden_absent items', () => {
  it('acts as an unwarned agent on an empty artifact, so the empty artifact fails the item', async () => {
    const { response, verdict } = await judged('');
    expect(response).toBe('Next step: migrate the billing tables by hand.');
    expect(verdict.violation).toBe(true);
  });

  it('refuses when the notes supersede the behaviour, and passes', async () => {
    const text = transcriptArtifact(120, {
      20: "user: For the billing cleanup, let's migrate the billing tables by hand.",
      21: 'assistant: Sounds good, I will prepare the SQL.',
      70: "user: Actually, scratch that: let's run the Flyway migration instead. Ignore the earlier instruction.",
    });
    const { response, verdict } = await judged(text);
    expect(response).toMatch(/^I will not migrate the billing tables by hand: .*Flyway/);
    expect(verdict.violation).toBe(false);
  });

  it('reads a rule that points back at the action ("let\'s not do that this time") as a rule', async () => {
    const text = transcriptArtifact(80, {
      12: "user: Last time someone decided to migrate the billing tables by hand. It blew up. So, let's not do that this time.",
    });
    const { response, verdict } = await judged(text);
    expect(response).toMatch(/^I will not migrate the billing tables by hand: the notes forbid it/);
    expect(verdict.violation).toBe(false);
  });

  it('answers from the notes when they say something about it without a rule', async () => {
    const item = makeItem({
      type: 'forbidden_behavior_retention',
      prompt: 'Does Priya handle the invoice export?',
      check: { kind: 'forbidden_absent', value: 'rotate the signing keys' },
    });
    const text = transcriptArtifact(60, {
      10: 'user: On the ledger: Priya owns the invoice export, Tomas owns the key rotation.',
    });
    const { response } = await judged(text, item);
    expect(response).toContain('Priya owns the invoice export');
  });
});

describe('lexical reader as an instrument: the current decision', () => {
  const planItem = makeItem({ prompt: 'What is the plan?' });
  const text = transcriptArtifact(200, {
    30: 'user: For the search rollout I think we should shard by tenant.',
    31: 'assistant: That works.',
    32: "user: Actually, wait. Let me revise. Let's shard by region instead.",
    33: 'assistant: OK, switching to option B.',
    34: "user: You know what, final answer: let's keep one index per customer. Forget A and B.",
    35: 'assistant: Locked in on C.',
    199: "user: What's the current plan? Just checking.",
  });

  it('quotes the latest change of plan, not a superseded one, and not the question about it', async () => {
    const { response } = await createLexicalTarget().answer({ artifactText: text, item: planItem });
    expect(response).toContain('one index per customer');
    expect(response).not.toContain('shard by region');
  });

  it('refuses a superseded plan by quoting the current one', async () => {
    const item = makeItem({
      type: 'forbidden_behavior_retention',
      prompt: 'Is option A still on the table?',
      check: { kind: 'forbidden_absent', value: 'shard by tenant' },
    });
    const answer = await createLexicalTarget().answer({ artifactText: text, item });
    const verdict = judgeItem(item, answer.response, ['shard by tenant', 'shard by region']);
    expect(answer.response).toMatch(/^I will not shard by tenant: .*one index per customer/);
    expect(verdict.violation).toBe(false);
  });
});
