import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// A plan changed by news: "quick update: X moved the status page to Y" replaces the plan on that subject, told as
// what happened rather than as a decision. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function said(...messages: string[]) {
  const transcript: Message[] = messages.flatMap((content, turn): Message[] => [
    { role: 'user', content, turn },
    { role: 'assistant', content: 'OK.', turn },
  ]);
  return (await method.compact({ transcript }, {})).structuredState;
}

describe('structured-state: a plan replaced by an update', () => {
  it('reads "quick update: …" on the subject of a plan as replacing it', async () => {
    const state = await said(
      "Let's host the status page on Statuspage.io, we already pay for it.",
      'quick update: Ines Carvalho moved the status page to a self-hosted Cachet box last night, the vendor contract lapsed.',
    );
    expect(state.forbiddenBehaviors).toEqual([
      "Superseded, do not use: Let's host the status page on Statuspage.io, we already pay for it.",
    ]);
    expect(state.lockedDecisions).toEqual([
      'quick update: Ines Carvalho moved the status page to a self-hosted Cachet box last night, the vendor contract lapsed.',
    ]);
  });

  it('leaves a plan on another subject standing', async () => {
    const state = await said(
      "Let's deploy the worker to fly.io in the ams region.",
      'Small update, the flaky checkout test is fixed on main.',
    );
    expect(state.forbiddenBehaviors).toEqual([]);
    expect(state.lockedDecisions).toContain("Let's deploy the worker to fly.io in the ams region.");
  });
});
