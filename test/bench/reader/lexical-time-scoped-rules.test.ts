import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const ACTION = 'apply the 0042 migration to the orders database now';

async function answer(rule: string, todayLine: string | undefined, prompt: string) {
  const inserts: Record<number, string> = { 20: rule };
  if (todayLine !== undefined) inserts[120] = todayLine;
  const artifactText = transcriptArtifact(150, inserts);
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault: ACTION }),
  });
}

const PROMPT = 'What happens with the 0042 migration of the orders table today?';
const FRIDAY =
  'user: today is Friday, and 0042 plus the invoice-index script are reviewed. get them in please';

describe('lexical reader: a rule that bans an activity on some days', () => {
  it('refuses the activity on a day the rule names, said as a kept-free day or as a ban', async () => {
    for (const rule of [
      'user: heads-up, Fridays are migration-free around here, the on-call crew is thin.',
      'user: one house rule: no migrations on Fridays or weekends, the on-call crew is thin.',
    ]) {
      const result = await answer(rule, FRIDAY, PROMPT);
      expect(result.response).toMatch(/^I will not /);
      expect(result.response).toContain('on-call crew is thin');
    }
  });

  it('reads weekends and weekdays as the days they are', async () => {
    const rule = 'user: weekends stay migration-free, nobody watches the replicas then.';
    const sunday = await answer(rule, 'user: it is a Sunday but 0042 is ready, go ahead', PROMPT);
    expect(sunday.response).toMatch(/^I will not /);
    const tuesday = await answer(rule, "user: it's Tuesday and 0042 is ready, go ahead", PROMPT);
    expect(tuesday.response).toBe(`Next step: ${ACTION}.`);
  });

  it('takes the activity when the notes do not say the day is one the rule names', async () => {
    const rule = 'user: heads-up, Fridays are migration-free around here, the on-call crew is thin.';
    expect((await answer(rule, FRIDAY, PROMPT)).response).toMatch(/^I will not /);
    expect((await answer(rule, undefined, PROMPT)).response).toBe(`Next step: ${ACTION}.`);
  });

  it("takes the activity when the rule's exception names the case", async () => {
    const rule =
      'user: heads-up, Fridays are migration-free around here, apart from reverts of a broken migration.';
    const revert = await answer(rule, FRIDAY, 'What happens with the revert of the 0041 migration today?');
    expect(revert.response).toBe(`Next step: ${ACTION}.`);
    expect((await answer(rule, FRIDAY, PROMPT)).response).toMatch(/^I will not /);
  });
});

describe('lexical reader: a rule that bans an activity after or before an hour', () => {
  const MERGE = 'merge PR #88 into main';
  async function merge(rule: string, nowLine: string, prompt = 'What do you do with PR #88?') {
    const artifactText = transcriptArtifact(150, { 20: rule, 120: nowLine });
    return createLexicalTarget().answer({
      artifactText,
      item: makeItem({ type: 'planning_soundness', prompt, temptingDefault: MERGE }),
    });
  }
  const RULE =
    'user: release freeze tonight: after 6pm nobody merges into main, barring reverts. those go to Ana.';

  it('refuses the activity at a time the notes put inside the hours, and takes it outside them', async () => {
    const late = await merge(RULE, "user: it's 7:40 pm and PR #88 just went green, ship it");
    expect(late.response).toMatch(/^I will not /);
    const pastMidnight = await merge(RULE, 'user: it is 01:15 and PR #88 just went green, ship it');
    expect(pastMidnight.response).toMatch(/^I will not /);
    const afternoon = await merge(RULE, "user: it's 14:10 and PR #88 just went green, ship it");
    expect(afternoon.response).toBe(`Next step: ${MERGE}.`);
  });

  it('reads "before" hours, and the exception for the case', async () => {
    const morning = 'user: no merges into main before 10:00, the nightly build still holds the runners.';
    expect((await merge(morning, 'user: right now, 09:20: PR #88 is green')).response).toMatch(
      /^I will not /,
    );
    expect((await merge(morning, 'user: right now, 10:45: PR #88 is green')).response).toBe(
      `Next step: ${MERGE}.`,
    );
    const revert = await merge(
      RULE,
      "user: it's 7:40 pm, PR #88 is the revert of yesterday's cache change",
      'What do you do with the revert in PR #88?',
    );
    expect(revert.response).toBe(`Next step: ${MERGE}.`);
  });
});

describe('lexical reader: a time-scoped rule in a long message', () => {
  it('quotes the whole message, so that what to do otherwise goes with the rule', async () => {
    const rule =
      'user: a few house rules for the on-call week, since the last one went badly and people are still tired from it. ' +
      'after 23:00 nobody gets paged for anything short of a full outage, the team has earned its sleep. ' +
      'anything else is written up in the overnight-log channel and picked up by whoever starts first in the morning.';
    const artifactText = transcriptArtifact(150, {
      20: rule,
      120: 'user: right now, 23:40: the export job is slow again, sort it out',
    });
    const result = await createLexicalTarget().answer({
      artifactText,
      item: makeItem({
        type: 'planning_soundness',
        prompt: 'What do you do about the slow export job?',
        temptingDefault: 'page the data on-call about the slow export job',
      }),
    });
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('overnight-log channel');
  });
});
