import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A plan changed by news: "quick update: X moved the status page to Y" replaces the plan on that subject, told as
// what happened rather than as a decision. Every sentence here is written for this file.

async function saidState(...messages: string[]) {
  return (await said(...messages)).state;
}

describe('structured-state: a plan replaced by an update', () => {
  it('reads "quick update: …" on the subject of a plan as replacing it', async () => {
    const state = await saidState(
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
    const state = await saidState(
      "Let's deploy the worker to fly.io in the ams region.",
      'Small update, the flaky checkout test is fixed on main.',
    );
    expect(state.forbiddenBehaviors).toEqual([]);
    expect(state.lockedDecisions).toContain("Let's deploy the worker to fly.io in the ams region.");
  });
});
