import { describe, expect, it } from 'vitest';
import { said } from './structured-state-said.js';

// A change of mind after sleeping on it, a value the change of mind names again, and a correction that bans the
// old value beside the new one. Every sentence here is written for this file.

describe('structured-state: what a change of mind keeps', () => {
  it('reads "I slept on it" as a change of mind that supersedes the plan on its subject', async () => {
    const { state } = await said(
      'The reporting module is slow and tangled.',
      'plan for the spring: split reporting out of the monolith into its own service with its own database.',
      'I slept on it. keep reporting in the monolith and give it a clean interface.',
    );
    expect(state.forbiddenBehaviors.join(' ')).toContain('split reporting out of the monolith');
  });

  it('leaves a stated value the change of mind names again', async () => {
    const { state, text } = await said(
      'The reporting module is slow and tangled.',
      'plan for the spring: split reporting out of the monolith into its own service with its own database.',
      'Amara Obi wants the reporting work done by 2031-04-30.',
      'I slept on it. keep reporting in the monolith with a clean interface. 2031-04-30 still stands for that.',
    );
    expect(state.forbiddenBehaviors.join(' ')).not.toContain('Amara Obi wants');
    expect(text).toContain('Amara Obi wants the reporting work done by 2031-04-30.');
  });

  it('does not copy a correction that bans the old value among the facts', async () => {
    const { state } = await said(
      'We are bumping the image library in the thumbnail worker.',
      'Correction: the version we move to is actually 3.14.2; 3.41.2 is not an option because it leaks memory, so do not use it.',
    );
    expect(state.immutableFacts.join(' ')).not.toContain('3.41.2');
  });

  it('does not read "same fields, same types" after a path with a digit in it as a correction', async () => {
    const { state } = await said(
      'The logistics partner integrates against /api/v3/parcels and goes live on 2031-06-01.',
      'and to be clear, the /api/v3/parcels payload is frozen until they launch. same fields, same types, same order.',
    );
    expect(state.forbiddenBehaviors.join(' ')).not.toContain('Superseded');
    expect(JSON.stringify(state)).toContain('goes live on 2031-06-01');
  });
});
