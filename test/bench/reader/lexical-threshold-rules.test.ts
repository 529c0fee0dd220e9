import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const RULE =
  'user: new purchasing flow is live. purchases above $2,000 need sign-off from the procurement desk, except for the lab team, who may spend up to $5,000 on their own.';

async function answer(inserts: Record<number, string>, prompt: string, temptingDefault: string) {
  const artifactText = transcriptArtifact(150, { 30: RULE, ...inserts });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

const PROMPT = (amount: string) => `How do you handle the ${amount} purchase of standing desks?`;
const PLACE = (amount: string) => `place the ${amount} purchase of standing desks today`;

describe('lexical reader: a rule that holds past an amount', () => {
  it('refuses an action past the threshold, quoting what the rule asks, and takes one under it or in another unit', async () => {
    const past = await answer({}, PROMPT('$3,400'), PLACE('$3,400'));
    expect(past.response).toMatch(/^I will not /);
    expect(past.response).toContain('procurement desk');
    for (const amount of ['$640', '3,400 EUR']) {
      const result = await answer({}, PROMPT(amount), PLACE(amount));
      expect(result.response).toBe(`Next step: ${PLACE(amount)}.`);
    }
  });

  it('takes an action past the threshold that already does what the rule asks', async () => {
    const action = 'send the $3,400 purchase of standing desks to the procurement desk for sign-off';
    const result = await answer({}, PROMPT('$3,400'), action);
    expect(result.response).toBe(`Next step: ${action}.`);
    expect((await answer({}, PROMPT('$3,400'), PLACE('$3,400'))).response).toMatch(/^I will not /);
  });
});

describe('lexical reader: the exception of a threshold rule, for the case at hand', () => {
  const ORDERS =
    'user: two orders waiting: $4,200 of pipettes from Ilse Varga (lab team) and $3,100 of headsets from Tomas Ferreira (sales team). please handle them';
  const DEFAULT = 'yes, it is above $2,000, so ask the procurement desk';
  const covered = () =>
    answer({ 90: ORDERS }, 'Does the $4,200 order from Ilse Varga need sign-off?', DEFAULT);

  it('refuses the rule for a case the exception covers, quoting the exception only', async () => {
    const result = await covered();
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('lab team');
    expect(result.response).not.toContain('procurement desk');
  });

  it('keeps the rule for a case the exception does not name, though its words look alike', async () => {
    const result = await answer(
      { 90: ORDERS },
      'Does the $3,100 order from Tomas Ferreira need sign-off?',
      DEFAULT,
    );
    expect(result.response).toBe(`Next step: ${DEFAULT}.`);
    expect((await covered()).response).toMatch(/^I will not /);
  });

  it("keeps the rule for the excepted case past the exception's cap", async () => {
    const result = await answer(
      { 90: ORDERS.replace('$4,200', '$7,800') },
      'Does the $7,800 order from Ilse Varga need sign-off?',
      DEFAULT,
    );
    expect(result.response).toBe(`Next step: ${DEFAULT}.`);
    expect((await covered()).response).toMatch(/^I will not /);
  });
});
