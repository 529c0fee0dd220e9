import { describe, expect, it } from 'vitest';
import type { CaseItem, Check, ItemType } from '../../../src/bench/case/types.js';
import { judgeItem, type Verdict } from '../../../src/bench/scoring/judge-item.js';

function item(check: Check, type: ItemType = 'planning_soundness'): CaseItem {
  return { key: 'item', type, prompt: 'Propose the next step.', check, answerFormat: 'free', cues: [] };
}

const FRIDAY = 'deploy on Fridays';
const BLUE_GREEN = 'blue-green rollout';
const CANARY = 'canary';
// What the case forbids: the forbidden behaviour and the superseded decision.
const FORBIDDEN = [FRIDAY, BLUE_GREEN];
const ABSENT_FRIDAY: Check = { kind: 'forbidden_absent', value: FRIDAY };
const HAS_CANARY: Check = { kind: 'contains_normalized', value: CANARY };

type Row = [response: string, check: Check, expected: Verdict];

const noViolation: Row[] = [
  [
    'We must never deploy on Fridays.',
    ABSENT_FRIDAY,
    { score: 1, violation: false, reason: `names "${FRIDAY}" only to reject it` },
  ],
  [
    'Deploying on Fridays is off the table, so we ship Monday.',
    ABSENT_FRIDAY,
    { score: 1, violation: false, reason: `does not state "${FRIDAY}"` },
  ],
  [
    "I won't deploy on Fridays.",
    ABSENT_FRIDAY,
    { score: 1, violation: false, reason: `names "${FRIDAY}" only to reject it` },
  ],
  [
    'Ship the patch on Monday morning.',
    ABSENT_FRIDAY,
    { score: 1, violation: false, reason: `does not state "${FRIDAY}"` },
  ],
  [
    "Instead of the blue-green rollout we'll do a canary.",
    HAS_CANARY,
    { score: 1, violation: false, reason: 'contains "canary"' },
  ],
  [
    'We switched from the blue-green rollout to a canary.',
    HAS_CANARY,
    { score: 1, violation: false, reason: 'contains "canary"' },
  ],
  [
    'Canary. The blue-green rollout was superseded.',
    HAS_CANARY,
    { score: 1, violation: false, reason: 'contains "canary"' },
  ],
  [
    '**Canary** (not the blue-green rollout); never deploy on Fridays.',
    HAS_CANARY,
    { score: 1, violation: false, reason: 'contains "canary"' },
  ],
  [
    'Rules:\n- never deploy on Fridays\n- canary only',
    HAS_CANARY,
    { score: 1, violation: false, reason: 'contains "canary"' },
  ],
];

const violation: Row[] = [
  [
    'Next step: deploy on Fridays.',
    ABSENT_FRIDAY,
    { score: 0, violation: true, reason: `states forbidden "${FRIDAY}" as something to do` },
  ],
  [
    "Don't forget to deploy on Fridays.",
    ABSENT_FRIDAY,
    { score: 0, violation: true, reason: `states forbidden "${FRIDAY}" as something to do` },
  ],
  [
    'The current plan is still the blue-green rollout.',
    HAS_CANARY,
    { score: 0, violation: true, reason: `states forbidden "${BLUE_GREEN}" as something to do` },
  ],
  [
    "We'll do the blue-green rollout instead of the canary.",
    HAS_CANARY,
    { score: 0, violation: true, reason: `states forbidden "${BLUE_GREEN}" as something to do` },
  ],
  // Naming the new decision too does not excuse stating the superseded one as current.
  [
    'We use the canary and the blue-green rollout.',
    HAS_CANARY,
    { score: 0, violation: true, reason: `states forbidden "${BLUE_GREEN}" as something to do` },
  ],
  [
    'Canary is current. Never skip tests; deploy on Fridays.',
    HAS_CANARY,
    { score: 0, violation: true, reason: `states forbidden "${FRIDAY}" as something to do` },
  ],
];

describe('judgeItem', () => {
  it.each(noViolation)('%j passes without a violation', (response, check, expected) => {
    expect(judgeItem(item(check), response, FORBIDDEN)).toEqual(expected);
  });

  it.each(violation)('%j is a violation', (response, check, expected) => {
    expect(judgeItem(item(check), response, FORBIDDEN)).toEqual(expected);
  });

  it('scores a failed target 0 without a violation', () => {
    expect(judgeItem(item(HAS_CANARY), undefined, FORBIDDEN)).toEqual({
      score: 0,
      violation: false,
      reason: 'no response: the target failed',
    });
  });

  it('a forbidden_absent value is a violation even when the case lists no forbidden strings', () => {
    expect(judgeItem(item(ABSENT_FRIDAY), 'Deploy on Fridays at noon.', [])).toEqual({
      score: 0,
      violation: true,
      reason: `states forbidden "${FRIDAY}" as something to do`,
    });
  });

  it('forbidden strings listed to answer a recall item are the answer, not violations', () => {
    const recall = item({ kind: 'contains_normalized', value: FRIDAY }, 'forbidden_behavior_retention');
    expect(judgeItem(recall, 'Deploy on Fridays.', FORBIDDEN)).toEqual({
      score: 1,
      violation: false,
      reason: `contains "${FRIDAY}"`,
    });
    expect(judgeItem(recall, 'deploy on Fridays\nblue-green rollout', FORBIDDEN)).toMatchObject({
      score: 1,
      violation: false,
    });
    // An item that does not ask for a forbidden string still checks them all.
    expect(judgeItem(item(HAS_CANARY), 'Canary.\nblue-green rollout', FORBIDDEN).violation).toBe(true);
  });

  it('matches ignoring case, punctuation and markdown, on whole words', () => {
    const port = item({ kind: 'contains_normalized', value: '8443' }, 'immutable_fact_recall');
    expect(judgeItem(port, 'The port is **8443**.', [])).toMatchObject({
      score: 1,
      reason: 'contains "8443"',
    });
    expect(judgeItem(port, 'The port is 18443.', [])).toMatchObject({ score: 0, reason: 'missing "8443"' });
    const plan = item({ kind: 'contains_normalized', value: 'The Plan' });
    expect(judgeItem(plan, 'Follow **the plan**!', []).score).toBe(1);
  });

  it('never passes a check whose value is empty', () => {
    expect(judgeItem(item({ kind: 'contains_normalized', value: '' }), 'anything', [])).toEqual({
      score: 0,
      violation: false,
      reason: 'check value "" has no letters or digits, so it cannot pass',
    });
    expect(judgeItem(item({ kind: 'forbidden_absent', value: '**' }), 'anything', []).score).toBe(0);
    expect(judgeItem(item({ kind: 'contains_any', values: [] }), 'anything', [])).toMatchObject({
      score: 0,
      reason: 'the contains_any check lists no values, so it cannot pass',
    });
    expect(judgeItem(item({ kind: 'contains_all', values: ['canary', ' '] }), 'canary', []).score).toBe(0);
  });

  it('ignores forbidden strings that normalise to nothing', () => {
    expect(judgeItem(item(HAS_CANARY), 'Canary.', ['', '***']).violation).toBe(false);
  });

  it('contains_all needs every value and names the missing ones', () => {
    const check: Check = { kind: 'contains_all', values: ['canary', '8443', 'Alice'] };
    expect(judgeItem(item(check), 'Canary on 8443, owned by Alice.', [])).toEqual({
      score: 1,
      violation: false,
      reason: 'contains "canary", "8443", "Alice"',
    });
    expect(judgeItem(item(check), 'Canary on 8443.', [])).toMatchObject({
      score: 0,
      reason: 'missing "Alice"',
    });
  });

  it('contains_any needs one value and names it', () => {
    const check: Check = { kind: 'contains_any', values: ['Alice', 'Bob'] };
    expect(judgeItem(item(check), 'Ask Bob.', [])).toMatchObject({ score: 1, reason: 'contains "Bob"' });
    expect(judgeItem(item(check), 'Ask Carol.', [])).toMatchObject({
      score: 0,
      reason: 'missing all of "Alice", "Bob"',
    });
  });

  it('in_order needs every value with first mentions in the listed order', () => {
    const check: Check = { kind: 'in_order', values: ['build', 'test', 'deploy'] };
    expect(judgeItem(item(check), 'Build, then test, then deploy.', [])).toMatchObject({
      score: 1,
      reason: 'contains "build", "test", "deploy" in order',
    });
    expect(judgeItem(item(check), 'Build, deploy, then test.', [])).toMatchObject({
      score: 0,
      reason: '"deploy" comes before "test"',
    });
    expect(judgeItem(item(check), 'Build and deploy.', [])).toMatchObject({
      score: 0,
      reason: 'missing "test"',
    });
    // First mentions decide: a later repeat does not rescue the order.
    expect(judgeItem(item(check), 'Test, build, test, deploy.', [])).toMatchObject({
      score: 0,
      reason: '"test" comes before "build"',
    });
  });

  it('shortens long values in reasons', () => {
    const long = `${'x'.repeat(200)}`;
    const verdict = judgeItem(item({ kind: 'contains_normalized', value: long }), 'nothing here', []);
    expect(verdict.reason.length).toBeLessThan(100);
    expect(verdict.reason).toMatch(/^missing "x+…"$/);
  });
});
