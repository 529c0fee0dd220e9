import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// An override often ends by pointing back at what it replaces ("…, forget the old plan"), opens with an
// interjection ("Hmm, no — scratch that."), and is followed by a request to recall it ("remind me what we
// settled on"). Each sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);
const user = (content: string, turn: number): Message => ({ role: 'user', content, turn });
const assistant = (content: string, turn: number): Message => ({ role: 'assistant', content, turn });
const compact = async (transcript: Message[]) => (await method.compact({ transcript }, {})).structuredState;
const has = (list: readonly string[], needle: string) => list.some((item) => item.includes(needle));

describe('structured-state: a sentence pointing back at the replaced plan', () => {
  it.each([
    'Disregard my previous message.',
    'Forget what I said before.',
    'Ignore the old plan.',
    'Please ignore the earlier suggestion.',
  ])('"%s" after the new plan leaves the new plan current', async (pointer) => {
    const state = await compact([
      user('We will host the docs on the team wiki.', 1),
      assistant('Fine, I will set that up.', 2),
      user(`Hmm, no — scratch that. We will publish the docs as a static site on the CDN. ${pointer}`, 3),
    ]);
    expect(has(state.lockedDecisions, 'static site on the CDN')).toBe(true);
    expect(has(state.lockedDecisions, 'team wiki')).toBe(false);
    expect(
      has(state.forbiddenBehaviors, 'Superseded, do not use: We will host the docs on the team wiki'),
    ).toBe(true);
    expect(has(state.forbiddenBehaviors, 'static site')).toBe(false);
  });

  it('leaves a sentence that names the plan it drops as a sentence of its own', async () => {
    const state = await compact([
      user('We will page the on-call engineer by SMS.', 1),
      user('We will keep the status page manual. Forget the Slack bot plan.', 2),
    ]);
    const entries = [...state.lockedDecisions, ...state.forbiddenBehaviors];
    expect(has(entries, 'Forget the Slack bot plan.')).toBe(true);
    expect(has(entries, 'manual. Forget')).toBe(false);
  });
});

describe('structured-state: a bare revision opened by an interjection', () => {
  it.each(['Actually — scratch that.', 'Wait, no: scratch that.', 'Hold on, change of plan.'])(
    '"%s" is read with the plan after it',
    async (revision) => {
      const state = await compact([
        user('We will cache the price list for an hour.', 1),
        user(`${revision} We will cache the price list for five minutes.`, 2),
      ]);
      expect(has(state.lockedDecisions, `${revision} We will cache the price list for five minutes.`)).toBe(
        true,
      );
      expect(has(state.forbiddenBehaviors, 'for an hour')).toBe(true);
    },
  );
});

describe('structured-state: a request to be told what was settled', () => {
  it.each([
    'Remind me what we decided.',
    'Can you tell me which region we agreed on?',
    'Recap what we settled.',
  ])('"%s" is not kept as a decision', async (request) => {
    const state = await compact([user('We settled on eu-west-1 for the replicas.', 1), user(request, 2)]);
    expect(has(state.lockedDecisions, 'eu-west-1')).toBe(true);
    expect(state.lockedDecisions).toHaveLength(1);
  });
});
