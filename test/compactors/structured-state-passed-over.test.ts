import { describe, expect, it } from 'vitest';
import { classifyMention } from '../../src/bench/scoring/mentions.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// Issue #12, item 4 (structured-state 1.25.0): what the session passed over stays marked as passed over in every
// sentence that names it. Every sentence here is written for this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);

function user(content: string, turn: number): Message {
  return { role: 'user', content, turn };
}
function assistant(content: string, turn: number): Message {
  return { role: 'assistant', content, turn };
}
const compact = (transcript: Message[]) => method.compact({ transcript }, {});
const find = (list: readonly string[], needle: string) => list.find((item) => item.includes(needle));

describe('structured-state: a superseded plan of several sentences', () => {
  it('marks every sentence of it, typed in lower case or not, so none reads as current', async () => {
    const artifact = await compact([
      user(
        "the nightly thumbnail job needs a new home. let's run it on a spare Jenkins agent, that box is idle at night anyway.",
        0,
      ),
      assistant('Okay, I will set that up.', 0),
      user(
        'actually, use a systemd timer on the media host instead of the Jenkins agent, it gets wiped every month.',
        1,
      ),
    ]);
    const superseded = find(artifact.structuredState.forbiddenBehaviors, 'Jenkins agent');
    expect(superseded).toBeDefined();
    // Each sentence says it is not to be followed: quoted alone, the Jenkins plan is still rejected.
    const sentences = `${superseded}`.split(/(?<=[.?!])\s+/);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences.filter((s) => /jenkins/i.test(s)))
      expect(classifyMention(sentence, 'Jenkins agent')).not.toBe('affirmed');
    expect(classifyMention(`${superseded}`, 'spare Jenkins agent')).toBe('rejected');
  });
});

describe('structured-state: a way the accepted proposal weighed and passed over', () => {
  it('keeps "doing X would …" as not chosen, not as a finding, and the proposal as the decision', async () => {
    const artifact = await compact([
      user('the search reindex takes the whole cluster down for twenty minutes. how should we run it?', 0),
      assistant(
        'I would reindex into a fresh index alias with 2 replicas and swap the alias once it is green, so reads never stop. Bumping the heap to 64 GB would let the old way survive, but it only delays the next outage.',
        0,
      ),
      user('yes, go ahead', 1),
    ]);
    const state = artifact.structuredState;
    expect(find(state.lockedDecisions, 'fresh index alias')).toBeDefined();
    const passed = find(state.forbiddenBehaviors, 'Bumping the heap to 64 GB');
    expect(passed).toMatch(/^Not chosen: /);
    expect(find(state.immutableFacts, 'Bumping the heap')).toBeUndefined();

    // A sentence about the chosen plan itself is no other way of doing it.
    const same = await compact([
      user('exports are slow for large workspaces, 14 minutes for the biggest one.', 0),
      assistant(
        'I suggest adding a covering index on exports (workspace_id, created_at). Adding the index would also speed up the audit page.',
        0,
      ),
      user('sounds good', 1),
    ]);
    expect(find(same.structuredState.forbiddenBehaviors, 'audit page')).toBeUndefined();
  });
});
